import { sql, type RawBuilder, type Transaction } from 'kysely';
import { STATUS } from '@shared/lifecycle';
import type { DB } from '../../db/schema';
import { lastEventAt, lastItemAt } from '../cylinder';

type Trx = Transaction<DB>;

/** What a run reads its causes against: its clock, today in the server's time zone, and the rules' days. */
export interface AlertClock {
  now: Date;
  today: string;
  inspectionDueDays: number;
  designLifeEndingDays: number;
  longOutDays: number;
  licenceExpiringDays: number;
}

export type AlertCause = 'inspectionDue' | 'inspectionOverdue' | 'designLifeEnding' | 'analysisWaiting' | 'longOut' | 'outboundUnscanned' | 'licenceExpiring';

const day = (c: AlertClock) => sql`${c.today}::date`;
const dayAgo = (c: AlertClock) => sql`${c.now}::timestamptz - interval '1 day'`;

/** Cylinder `c` of gas `m` has its design life extended (fill-gate.ts: DOMAIN.md's LPG 8 years, up to 12). */
const LIFE = sql`coalesce(c.design_life_years, m.design_life_years)`;
const EXTENDED = sql`(coalesce(m.extended_life_years > ${LIFE}, false) and exists (select 1 from periodic_inspections p
  where p.cylinder_id = c.id and p.result = 1 and p.inspected_on >= (c.manufacture_date + make_interval(years => ${LIFE}::int - 1))::date))`;

/**
 * The subjects for which each cause stands now, as `key` (a cylinder's or an order's id, the licence's
 * expiry). Each reads an index: next_inspection_date, the life-end indexes of migration 0013, status 1
 * with each cylinder's newest trace event by (cylinder_id, seq), cylinders_out_since_idx, the open
 * outbound orders' index; none reads the trace table as a whole.
 */
const STANDING: Record<AlertCause, (c: AlertClock) => RawBuilder<{ key: string }>> = {
  inspectionDue: (c) => sql`select c.id::text as key from cylinders c
    where c.next_inspection_date between ${day(c)} and ${day(c)} + ${c.inspectionDueDays}::int and c.status <> ${sql.lit(STATUS.scrap)}`,
  inspectionOverdue: (c) => sql`select c.id::text as key from cylinders c where c.next_inspection_date < ${day(c)} and c.status <> ${sql.lit(STATUS.scrap)}`,
  // The design life as the fill gate reads it: an extension (LPG: 8 → 12 years) counts once a passed periodic
  // inspection is dated in the last year of the design life or later; such a cylinder's life ends later.
  designLifeEnding: (c) => sql`select x.key from (select c.id::text as key from cylinders c
      where c.design_life_years is not null and c.status <> ${sql.lit(STATUS.scrap)}
        and (c.manufacture_date + make_interval(years => c.design_life_years::int))
          between ${day(c)}::timestamp and (${day(c)} + ${c.designLifeEndingDays}::int)::timestamp
    union all
    select c.id::text from materials m join cylinders c on c.material_id = m.id
      where m.design_life_years is not null and c.design_life_years is null and c.status <> ${sql.lit(STATUS.scrap)}
        and c.manufacture_date between (${day(c)} - make_interval(years => m.design_life_years::int))::date
          and (${day(c)} + ${c.designLifeEndingDays}::int - make_interval(years => m.design_life_years::int))::date) x
      join cylinders c on c.id = x.key::int join materials m on m.id = c.material_id
      where not ${EXTENDED}
    union all
    select c.id::text from materials m join cylinders c on c.material_id = m.id
      where m.extended_life_years is not null and c.status <> ${sql.lit(STATUS.scrap)}
        and c.manufacture_date between (${day(c)} - make_interval(years => m.extended_life_years::int))::date
          and (${day(c)} + ${c.designLifeEndingDays}::int - make_interval(years => m.extended_life_years::int))::date
        and ${EXTENDED}`,
  analysisWaiting: (c) => sql`select c.id::text as key from cylinders c
    where c.status = ${sql.lit(STATUS.analyze)} and ${lastEventAt('c.id')} < ${dayAgo(c)}`,
  longOut: (c) => sql`select c.id::text as key from cylinders c
    where c.status = ${sql.lit(STATUS.outbound)} and c.located_since < ${c.now}::timestamptz - make_interval(days => ${c.longOutDays}::int)`,
  outboundUnscanned: (c) => sql`select o.id::text as key from storage_orders o
    where o.direction = 'out' and o.status = 0 and o.created_at < ${dayAgo(c)}
      and coalesce(${lastItemAt('o.id')}, o.created_at) < ${dayAgo(c)}`,
  licenceExpiring: (c) => sql`select to_char(licence_expiry, 'YYYY-MM-DD') as key from company
    where id = 1 and licence_expiry is not null and licence_expiry <= ${day(c)} + ${c.licenceExpiringDays}::int`,
};

/** Clears the open marks whose cause is gone (a recurrence raises again); the number cleared. */
export async function clearGone(trx: Trx, cause: AlertCause, c: AlertClock): Promise<number> {
  const r = await sql`update alert_marks m set cleared_at = ${c.now}
    where m.cause = ${cause} and m.cleared_at is null
      and not exists (select 1 from (${STANDING[cause](c)}) s where s.key = m.subject_key)`.execute(trx);
  return Number(r.numAffectedRows ?? 0);
}

/** Marks every standing subject without an open mark; the keys newly marked (set-based, once per subject). */
export async function raiseNew(trx: Trx, cause: AlertCause, c: AlertClock): Promise<string[]> {
  const r = await sql<{ key: string }>`insert into alert_marks (cause, subject_key, raised_at)
    select ${cause}, s.key, ${c.now} from (${STANDING[cause](c)}) s
    on conflict (cause, subject_key) where cleared_at is null do nothing
    returning subject_key as key`.execute(trx);
  return r.rows.map((x) => x.key);
}

export interface CylinderFacts {
  key: string;
  code: string;
  gas: string | null;
  customer: string | null;
  nextInspection: string | null;
  lifeEnd: string | null;
  since: string | null;
  lastEventAt: string | null;
}

/** What a message names of a few cylinders (at most 20 per cause and run). */
export async function cylinderFacts(trx: Trx, keys: string[]): Promise<CylinderFacts[]> {
  const ids = keys.map(Number);
  const r = await sql<CylinderFacts>`select c.id::text as key, c.code, m.material_name as gas, e.enterprise_name as customer,
      to_char(c.next_inspection_date, 'YYYY-MM-DD') as "nextInspection",
      to_char(c.manufacture_date + make_interval(years => (case when ${EXTENDED} then m.extended_life_years else ${LIFE} end)::int), 'YYYY-MM-DD') as "lifeEnd",
      to_char(c.located_since, 'YYYY-MM-DD') as since,
      to_char(${lastEventAt('c.id')}, 'YYYY-MM-DD HH24:MI') as "lastEventAt"
    from cylinders c join materials m on m.id = c.material_id
      left join enterprises e on e.id = c.location_enterprise_id
    where c.id = any(${ids}::int[]) order by c.code`.execute(trx);
  return r.rows;
}

export interface OrderFacts {
  key: string;
  orderNo: string;
  customer: string | null;
  since: string;
}

export async function orderFacts(trx: Trx, keys: string[]): Promise<OrderFacts[]> {
  const r = await sql<OrderFacts>`select o.id::text as key, o.order_no as "orderNo", e.enterprise_name as customer,
      to_char(o.created_at, 'YYYY-MM-DD HH24:MI') as since
    from storage_orders o left join enterprises e on e.id = o.customer_id
    where o.id = any(${keys.map(Number)}::int[]) order by o.order_no`.execute(trx);
  return r.rows;
}

export async function licenceNo(trx: Trx): Promise<string | null> {
  const r = await trx.selectFrom('company').select('licence_no').where('id', '=', 1).executeTakeFirst();
  return r?.licence_no ?? null;
}

/** A run's own timeouts (a request's are shorter, db/transaction.ts): it may wait for rows and read the whole register. */
export async function setRunTimeouts(trx: Trx): Promise<void> {
  await sql`select set_config('lock_timeout', '10s', true), set_config('statement_timeout', '300s', true)`.execute(trx);
}

/**
 * Takes the run's lock for this transaction (pg_try_advisory_xact_lock: another process holding it makes
 * this one skip) and reads when the job last ran; records this run.
 */
export async function claimRun(trx: Trx, job: string): Promise<{ locked: boolean; lastRunAt: Date | null }> {
  const lock = await sql<{ ok: boolean }>`select pg_try_advisory_xact_lock(hashtext('job:' || ${job})) as ok`.execute(trx);
  if (!lock.rows[0]?.ok) return { locked: false, lastRunAt: null };
  const row = await trx.selectFrom('job_runs').select('last_run_at').where('job', '=', job).executeTakeFirst();
  return { locked: true, lastRunAt: row?.last_run_at ?? null };
}

export async function recordRun(trx: Trx, job: string, now: Date): Promise<void> {
  await trx.insertInto('job_runs').values({ job, last_run_at: now, last_ok_at: now, runs: 1 })
    .onConflict((oc) => oc.column('job').doUpdateSet((eb) => ({ last_run_at: now, last_ok_at: now, runs: eb(eb.ref('job_runs.runs'), '+', 1) }))).execute();
}

export async function lastRunAt(db: Pick<Trx, 'selectFrom'>, job: string): Promise<Date | null> {
  const row = await db.selectFrom('job_runs').select('last_run_at').where('job', '=', job).executeTakeFirst();
  return row?.last_run_at ?? null;
}

export async function todayOf(trx: Trx, now: Date): Promise<string> {
  const r = await sql<{ today: string }>`select to_char(${now}::timestamptz, 'YYYY-MM-DD') as today`.execute(trx);
  return r.rows[0]!.today;
}
