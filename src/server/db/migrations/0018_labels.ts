import { sql, type Kysely } from 'kysely';

/**
 * Labels and the public cylinder page (/q/{code}).
 * - `app_secrets`: secrets every server of a plant shares because they share the database. `qrPage` signs the
 *   public page's URL (an HMAC of the cylinder code), so the URL printed on a label cannot be derived from the
 *   cylinder code, and every server (and every restart) accepts the labels printed by any of them. Made here
 *   from two random UUIDs hashed; never rotated (printed labels would stop working).
 * - `company.public_page`: 企业信息 may turn the public page off (1 on, 0 off; on by default).
 * - `company.public_url`: the address customers reach the server at (the QR's origin); empty → the address the
 *   label was printed from.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table app_secrets (
    name varchar(32) primary key,
    value text not null,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`insert into app_secrets (name, value)
    values ('qrPage', encode(sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text || clock_timestamp()::text, 'UTF8')), 'hex'))`.execute(db);
  await sql`alter table company
    add column public_page smallint not null default 1 check (public_page in (0, 1)),
    add column public_url varchar(255)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table company drop column public_page, drop column public_url`.execute(db);
  await sql`drop table app_secrets`.execute(db);
}
