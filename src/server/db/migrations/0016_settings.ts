import { sql, type Kysely } from 'kysely';

/**
 * Settings of SPEC section 3 (src/shared/api/setting.ts): 报表设置 REPORT (a .docx template), 记录内容设置
 * RECORD (which fields a station's record shows and requires) and 标签设置 LABEL (a label layout), one row each,
 * the kind's content in `content`. `is_default` marks the one printed for its (kind, setting_key): at most one
 * (a partial unique index). A RECORD is one per record (FILLING, INSPECTION, REWEIGH). Names are unique per
 * kind, so a picker never shows two alike. Lists read (kind, updated_at) and (kind, setting_key).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table settings (
    id serial primary key,
    kind varchar(16) not null check (kind in ('REPORT', 'RECORD', 'LABEL')),
    setting_key varchar(64) not null,
    name varchar(64) not null,
    data_source varchar(32) not null,
    enabled smallint not null default 1 check (enabled in (0, 1)),
    is_default smallint not null default 0 check (is_default in (0, 1)),
    content jsonb not null,
    version integer not null default 1,
    remark varchar(255),
    copied_from integer references settings(id) on delete set null,
    created_by varchar(64),
    updated_by varchar(64),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create unique index settings_kind_name_key on settings (kind, lower(name))`.execute(db);
  await sql`create unique index settings_default_key on settings (kind, setting_key) where is_default = 1`.execute(db);
  await sql`create unique index settings_record_key on settings (setting_key) where kind = 'RECORD'`.execute(db);
  await sql`create index settings_kind_updated_idx on settings (kind, updated_at desc, id desc)`.execute(db);
  await sql`create index settings_kind_key_idx on settings (kind, setting_key, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table settings`.execute(db);
}
