import { sql, type Kysely } from 'kysely';

/**
 * API keys for machine clients (issue 35, docs/INTEGRATION.md).
 * - users.kind: 'person' signs in with a password; 'service' is a service account that only calls with its keys
 *   (a role like any user, so the same permission keys limit it).
 * - api_keys: a key of a service account, `ctk_<prefix>_<secret>`; only the SHA-256 of the secret is kept. The prefix
 *   finds the row; expiry and revocation are checked on every call; last_used_at is written at most once a minute.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column kind varchar(16) not null default 'person' check (kind in ('person', 'service'))`.execute(db);
  await sql`create table api_keys (
    id serial primary key,
    user_id integer not null references users (id) on delete cascade,
    prefix varchar(16) not null unique,
    secret_hash char(64) not null,
    created_by integer references users (id) on delete set null,
    created_at timestamptz not null default now(),
    expires_at timestamptz,
    revoked_at timestamptz,
    last_used_at timestamptz
  )`.execute(db);
  await sql`create index api_keys_user_idx on api_keys (user_id)`.execute(db);
  await sql`create index api_keys_created_idx on api_keys (created_at, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table api_keys`.execute(db);
  await sql`alter table users drop column kind`.execute(db);
}
