import { sql, type Kysely } from 'kysely';

/**
 * A cylinder that left on a trip and was counted at a customer by an audit before its hand-over (盘点发现): its trip
 * row is settled as foundByAudit, so the trip's reconciliation accounts for it and closing the trip does not call it
 * missing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table trip_cylinders drop constraint trip_cylinders_outcome_check`.execute(db);
  await sql`alter table trip_cylinders add constraint trip_cylinders_outcome_check
    check (outcome in ('onBoard', 'delivered', 'unloaded', 'missing', 'foundByAudit'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update trip_cylinders set outcome = 'onBoard', settled_at = null where outcome = 'foundByAudit'`.execute(db);
  await sql`alter table trip_cylinders drop constraint trip_cylinders_outcome_check`.execute(db);
  await sql`alter table trip_cylinders add constraint trip_cylinders_outcome_check
    check (outcome in ('onBoard', 'delivered', 'unloaded', 'missing'))`.execute(db);
}
