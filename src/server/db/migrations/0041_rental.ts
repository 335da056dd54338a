import { sql, type Kysely } from 'kysely';

/**
 * 租赁结算 (issue 38), owned by the rental module:
 * - rental_agreements: one per customer, and at most one default (customer_id null) for customers without one.
 * - rental_agreement_versions: append-only, each in force from valid_from until the next; its lines (gas,
 *   specification, method, rate, free days, cap, deposit) kept with it as jsonb (a version never changes).
 * - rental_statements: one per customer and month, issued once and never changed: its whole detail frozen as jsonb,
 *   the totals as columns for the lists.
 * - rental_notes: credit and debit notes correcting an issued statement.
 * - rental_runs: a month's run for all customers, with the cursor it resumes from.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table rental_agreements (
    id serial primary key,
    customer_id integer references enterprises (id),
    name varchar(64) not null,
    remark varchar(255),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create unique index rental_agreements_customer_key on rental_agreements (customer_id) where customer_id is not null`.execute(db);
  await sql`create unique index rental_agreements_default_key on rental_agreements ((customer_id is null)) where customer_id is null`.execute(db);
  await sql`create table rental_agreement_versions (
    id serial primary key,
    agreement_id integer not null references rental_agreements (id),
    valid_from date not null,
    minimum_month_cents integer not null default 0 check (minimum_month_cents >= 0),
    deposit_offsets_rental boolean not null default false,
    lines jsonb not null,
    created_by varchar(64),
    created_at timestamptz not null default now(),
    unique (agreement_id, valid_from)
  )`.execute(db);
  await sql`create table rental_statements (
    id serial primary key,
    statement_no varchar(32) not null unique,
    customer_id integer not null references enterprises (id),
    month char(7) not null,
    cylinders integer not null,
    rental_cents bigint not null,
    minimum_top_up_cents bigint not null,
    deposit_taken_cents bigint not null,
    deposit_refunded_cents bigint not null,
    deposit_balance_cents bigint not null,
    total_cents bigint not null,
    detail jsonb not null,
    issued_by varchar(64),
    issued_at timestamptz not null default now(),
    unique (customer_id, month)
  )`.execute(db);
  await sql`create index rental_statements_month_idx on rental_statements (month desc, id desc)`.execute(db);
  await sql`create table rental_notes (
    id serial primary key,
    note_no varchar(32) not null unique,
    statement_id integer not null references rental_statements (id),
    kind varchar(8) not null check (kind in ('credit', 'debit')),
    amount_cents bigint not null check (amount_cents > 0),
    reason varchar(255) not null,
    created_by varchar(64),
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index rental_notes_statement_idx on rental_notes (statement_id, id)`.execute(db);
  await sql`create table rental_runs (
    id serial primary key,
    month char(7) not null,
    status varchar(8) not null default 'running' check (status in ('running', 'done', 'failed')),
    total integer not null default 0,
    done integer not null default 0,
    skipped integer not null default 0,
    cursor_customer_id integer not null default 0,
    error varchar(500),
    started_by varchar(64),
    started_at timestamptz not null default now(),
    finished_at timestamptz
  )`.execute(db);
  await sql`create index rental_runs_started_idx on rental_runs (id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['rental_runs', 'rental_notes', 'rental_statements', 'rental_agreement_versions', 'rental_agreements']) {
    await sql`drop table ${sql.table(table)}`.execute(db);
  }
}
