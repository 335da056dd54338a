import { sql, type Kysely } from 'kysely';

/**
 * 接口推送 (issue 35, docs/INTEGRATION.md "Webhooks"):
 * - webhook_endpoints: a receiver's URL, the event types it wants ('{*}' = all), its Standard Webhooks secret
 *   (needed in clear to sign; never answered after the save that made it), on/off, and its delivery state: the cursor
 *   (last seq answered 2xx), the attempts of the current batch, when to try next, since when it fails.
 * - webhook_deliveries: one row per request sent (the delivery log of 接口推送).
 * - message_templates: 'webhookFailing', the 消息中心 message of an endpoint that failed for 3 days.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table webhook_endpoints (
    id serial primary key,
    url varchar(2000) not null,
    events text[] not null,
    secret varchar(100) not null,
    enabled boolean not null default true,
    state varchar(10) not null default 'ok' check (state in ('ok', 'failing')),
    cursor bigint not null default 0,
    attempts integer not null default 0,
    next_attempt_at timestamptz,
    failing_since timestamptz,
    last_error text,
    created_by varchar(64),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create table webhook_deliveries (
    id bigserial primary key,
    endpoint_id integer not null references webhook_endpoints (id) on delete cascade,
    first_seq bigint not null,
    last_seq bigint not null,
    count integer not null,
    attempt integer not null,
    sent_at timestamptz not null default now(),
    status integer,
    duration_ms integer not null,
    ok boolean not null,
    error text,
    response text
  )`.execute(db);
  await sql`create index webhook_deliveries_endpoint_idx on webhook_deliveries (endpoint_id, id desc)`.execute(db);
  await sql`insert into message_templates (code, name, title, content, digest, role_ids)
    values ('webhookFailing', '接口推送失败', '接口推送失败', '{reason}', '{reason}', array(select id from roles where role_code = 'admin'))
    on conflict (code) do nothing`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from message_templates where code = 'webhookFailing'`.execute(db);
  await sql`drop table webhook_deliveries`.execute(db);
  await sql`drop table webhook_endpoints`.execute(db);
}
