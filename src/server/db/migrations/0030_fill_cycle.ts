import { sql, type Kysely } from 'kysely';

/**
 * The filling scale under the gate's control (issue 34):
 * - filling_records: the scale read, and when the filling permission (the relay) was granted and withdrawn;
 * - fill_interruptions: a fill started and not finished (cancelled, timed out, suspended, scale silent, …), with the
 *   weight reached; open (closed_at null) until the next scan decides (refill or 待分析). One open per cylinder.
 * - fill_suspensions: 停止充装 (DB4114/T 185 remote stop) for the plant, one workstation or one gas; in force while
 *   lifted_at is null, one in force per scope and target.
 * - users: the filling-operator certificate (气瓶充装作业人员证): number, expiry, the gas categories it covers.
 * - system_rules: 充装人员须持有效作业证 (fillerCertRequired) is on by default for a new plant; an existing plant
 *   (one with users already) gets it saved off, until an administrator has entered the certificates.
 * - message_templates: 'fillSuspend', the 消息中心 message of a suspension and its lifting.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table filling_records add column scale varchar(64), add column granted_at timestamptz, add column released_at timestamptz`.execute(db);

  await sql`create table fill_interruptions (
    id serial primary key,
    cylinder_id integer not null references cylinders(id),
    trace_id bigint not null references cylinder_traces(id),
    material_id integer not null,
    reason varchar(16) not null check (reason in ('overfill', 'scaleSilent', 'cancelled', 'timeout', 'stationLost', 'suspended', 'relayError')),
    net_kg numeric(10, 3),
    scale varchar(64),
    started_at timestamptz, ended_at timestamptz, granted_at timestamptz, released_at timestamptz,
    operator_id integer, operator varchar(64), workstation varchar(64),
    created_at timestamptz not null default now(),
    reverted_at timestamptz,
    closed_at timestamptz,
    decision varchar(16) check (decision in ('refill', 'analysis', 'overfill')),
    decision_trace_id bigint references cylinder_traces(id),
    closed_by varchar(64)
  )`.execute(db);
  // The scan asks for the cylinder's open interruption: one at most, found by index.
  await sql`create unique index fill_interruptions_open_idx on fill_interruptions (cylinder_id) where closed_at is null`.execute(db);
  await sql`create index fill_interruptions_cylinder_idx on fill_interruptions (cylinder_id)`.execute(db);

  await sql`create table fill_suspensions (
    id serial primary key,
    scope varchar(16) not null check (scope in ('plant', 'station', 'gas')),
    workstation varchar(64),
    material_id integer references materials(id),
    reason varchar(200) not null,
    by_id integer, by_name varchar(64),
    at timestamptz not null default now(),
    lifted_by varchar(64), lifted_at timestamptz,
    check ((scope = 'station') = (workstation is not null)),
    check ((scope = 'gas') = (material_id is not null))
  )`.execute(db);
  // One suspension in force per scope and target: a repeated suspend updates its reason.
  await sql`create unique index fill_suspensions_active_idx on fill_suspensions (scope, coalesce(workstation, ''), coalesce(material_id, 0))
    where lifted_at is null`.execute(db);

  await sql`alter table users add column filler_cert_no varchar(64), add column filler_cert_expiry date,
    add column filler_cert_categories text[] not null default '{}'`.execute(db);

  // An existing plant keeps the certificate rule off until its administrator has entered the certificates.
  await sql`insert into system_rules (rule_key, value, updated_by)
    select 'fillerCertRequired', 'false'::jsonb, 'migration 0030' where exists (select 1 from users)
    on conflict (rule_key) do nothing`.execute(db);

  await sql`insert into message_templates (code, name, title, content, digest, role_ids)
    values ('fillSuspend', '充装暂停与恢复', '充装暂停与恢复', '{reason}', '{reason}',
      array(select distinct r.id from roles r left join role_buttons b on b.role_id = r.id
        where r.role_code = 'admin' or b.button_key in ('produce:filling', 'produce:suspend') order by r.id))
    on conflict (code) do nothing`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from message_templates where code = 'fillSuspend'`.execute(db);
  await sql`delete from system_rules where rule_key = 'fillerCertRequired'`.execute(db);
  await sql`alter table users drop column filler_cert_no, drop column filler_cert_expiry, drop column filler_cert_categories`.execute(db);
  await sql`drop table fill_suspensions`.execute(db);
  await sql`drop table fill_interruptions`.execute(db);
  await sql`alter table filling_records drop column scale, drop column granted_at, drop column released_at`.execute(db);
}
