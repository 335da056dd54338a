import { sql, type Kysely } from 'kysely';

/**
 * The customer portal (issue 38, item 4).
 * - users.kind 'portal': a customer's user (门户账号), linked to one enterprise (users.enterprise_id). It signs in,
 *   refreshes and signs out exactly as a person does (the same hashed password, access and refresh tokens), holds
 *   no staff permission whatever roles it is given (the access check, modules/auth/access.repository.ts), and reads
 *   only its enterprise's records through /api/portal/*.
 * - portal_invitations: a one-time link the plant hands to the customer user; only the SHA-256 of its token is kept.
 *   Accepting it sets the password; it expires, and a new invitation for the same account ends the unused ones.
 * - portal_pickup_requests: a customer's request to have its empties collected (申请回收空瓶); the plant's trip
 *   planners get a message (消息中心) and see it on 车次管理's list of requests.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users drop constraint if exists users_kind_check`.execute(db);
  await sql`alter table users add constraint users_kind_check check (kind in ('person', 'service', 'portal'))`.execute(db);
  await sql`alter table users add column enterprise_id integer references enterprises (id)`.execute(db);
  await sql`alter table users add constraint users_portal_enterprise_check check ((kind = 'portal') = (enterprise_id is not null))`.execute(db);
  await sql`create index users_enterprise_idx on users (enterprise_id) where enterprise_id is not null`.execute(db);

  await sql`create table portal_invitations (
    id serial primary key,
    user_id integer not null references users (id) on delete cascade,
    token_hash char(64) not null unique,
    expires_at timestamptz not null,
    used_at timestamptz,
    created_by integer references users (id) on delete set null,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index portal_invitations_user_idx on portal_invitations (user_id)`.execute(db);

  await sql`create table portal_pickup_requests (
    id serial primary key,
    enterprise_id integer not null references enterprises (id),
    user_id integer references users (id) on delete set null,
    cylinders integer not null check (cylinders between 1 and 100000),
    wanted_date date not null,
    note varchar(255),
    status varchar(16) not null default 'open' check (status in ('open', 'planned', 'done', 'cancelled')),
    created_at timestamptz not null default now(),
    handled_at timestamptz,
    handled_by varchar(64)
  )`.execute(db);
  await sql`create index portal_pickup_enterprise_idx on portal_pickup_requests (enterprise_id, created_at)`.execute(db);
  await sql`create index portal_pickup_open_idx on portal_pickup_requests (wanted_date) where status = 'open'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table portal_pickup_requests`.execute(db);
  await sql`drop table portal_invitations`.execute(db);
  await sql`delete from users where kind = 'portal'`.execute(db);
  await sql`alter table users drop constraint users_portal_enterprise_check`.execute(db);
  await sql`alter table users drop column enterprise_id`.execute(db);
  await sql`alter table users drop constraint users_kind_check`.execute(db);
  await sql`alter table users add constraint users_kind_check check (kind in ('person', 'service'))`.execute(db);
}
