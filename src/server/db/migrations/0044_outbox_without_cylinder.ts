import { sql, type Kysely } from 'kysely';

/**
 * Outbox events that concern no cylinder (issue 38 item 5): an issued rental statement or note
 * ('rental.statement.issued', 'rental.note.issued', docs/INTEGRATION.md) leaves its event with cylinder_id null.
 * Dropping NOT NULL changes only the catalogue (no rewrite, no scan of the outbox).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table outbox_events alter column cylinder_id drop not null`.execute(db);
}

/** Refused while such events exist: an outbox row is never deleted (the numbers are gap-free). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`do $$ begin
    if exists (select 1 from outbox_events where cylinder_id is null) then
      raise exception 'outbox_events holds events without a cylinder (rental.*): they cannot be taken back';
    end if;
  end $$`.execute(db);
  await sql`alter table outbox_events alter column cylinder_id set not null`.execute(db);
}
