import { sql, type Kysely, type Transaction } from 'kysely';
import type { Suspension } from '@shared/api/production';
import type { DB } from '../../db/schema';

/** The statements of 停止充装 (suspension.service.ts). */

/** The suspensions in force, oldest first (a handful of rows, a partial index). */
export async function readSuspensions(db: Kysely<DB>): Promise<Suspension[]> {
  const rows = await db.selectFrom('fill_suspensions as s').leftJoin('materials as m', 'm.id', 's.material_id')
    .select(['s.scope', 's.workstation', 's.material_id as materialId', 'm.material_name as materialName', 's.reason', 's.by_name as by',
      sql<string>`to_char(s.at, 'YYYY-MM-DD HH24:MI:SS')`.as('at')])
    .where('s.lifted_at', 'is', null).orderBy('s.id').execute();
  return rows.map((r) => ({ ...r, scope: r.scope as Suspension['scope'] }));
}

export const gasName = (db: Kysely<DB>, id: number) => db.selectFrom('materials').select(['id', 'material_name']).where('id', '=', id).executeTakeFirst();

export interface SuspensionTarget { workstation: string | null; materialId: number | null }

/** The suspension in force for one scope and target, locked. */
export function inForce(trx: Transaction<DB>, scope: string, t: SuspensionTarget) {
  let q = trx.selectFrom('fill_suspensions').select(['id', 'reason']).where('scope', '=', scope).where('lifted_at', 'is', null);
  q = t.workstation === null ? q.where('workstation', 'is', null) : q.where('workstation', '=', t.workstation);
  q = t.materialId === null ? q.where('material_id', 'is', null) : q.where('material_id', '=', t.materialId);
  return q.forUpdate().executeTakeFirst();
}

/** Two suspends of one target at once: the second waits for the first (then finds it and updates it). */
export async function lockTarget(trx: Transaction<DB>, key: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(${0x5005e}, hashtext(${key}))`.execute(trx);
}

export async function updateReason(trx: Transaction<DB>, id: number, reason: string, by: { operatorId: number | null; operator: string | null }): Promise<void> {
  await trx.updateTable('fill_suspensions').set({ reason, by_id: by.operatorId, by_name: by.operator, at: sql`now()` }).where('id', '=', id).execute();
}

export async function insertSuspension(trx: Transaction<DB>, scope: string, t: SuspensionTarget, reason: string, by: { operatorId: number | null; operator: string | null }): Promise<void> {
  await trx.insertInto('fill_suspensions').values({
    scope, workstation: t.workstation, material_id: t.materialId, reason, by_id: by.operatorId, by_name: by.operator,
  }).execute();
}

export async function lift(trx: Transaction<DB>, id: number, by: string | null): Promise<void> {
  await trx.updateTable('fill_suspensions').set({ lifted_by: by, lifted_at: sql`now()` }).where('id', '=', id).execute();
}
