import { sql, type Kysely } from 'kysely';
import { gateFactsOf } from '@shared/cylinder/gate';
import { MAX_INSPECTION_PROJECTS } from '@shared/cylinder/inspection';
import { FACTS_DEFAULT_PAGE, FACTS_MAX_PAGE, type FactsPage, type FactsQuery, type FactsRow } from '@shared/api/offline';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../lib/errors';
import { ruleFlag } from '../systemRule';
import { inspectionItemsByGas } from '../cylinder';

/** Moments compared as text by the gate (as fill-gate.repository reads them). */
const MOMENT = 'YYYY-MM-DD"T"HH24:MI:SS.US';
const VACUUM_ACTION = 'vacuum';

/**
 * A trace event is "settled" (the feed's cursor may pass it) once no transaction that could still commit an
 * event with a smaller id is running: the id is drawn before commit, so a cursor that passed a later event
 * of a quicker transaction would miss the slower one for good. Events younger than this, or younger than the
 * oldest running transaction less this, are sent but not passed (sent again on the next pull; the station's
 * copy takes a row twice without harm).
 */
export const FEED = { settleSeconds: 60, markTtlMs: 1_000 };

/**
 * The gate facts of the cylinders `ids` (or of a page of `materialIds` after `afterId`), each for its own gas,
 * read in one statement as fill-gate.repository reads them for one cylinder, and reduced by the shared
 * gateFactsOf: the station's copy and the server's gate cannot drift apart.
 */
async function factsOf(db: Kysely<DB>, where: { ids: number[] } | { materialIds: number[] | null; statuses: number[] | null; afterId: number; limit: number }): Promise<FactsRow[]> {
  let q = db.selectFrom('cylinders as c')
    .innerJoin('materials as m', 'm.id', 'c.material_id')
    .leftJoin('enterprises as o', 'o.id', 'c.owner_enterprise_id')
    .select([
      'c.id', 'c.code', 'c.status', 'c.material_id as materialId', 'm.material_name as materialName', 'c.specification',
      sql<number | null>`c.tare_weight::float8`.as('tareWeight'),
      sql<string | null>`to_char(c.manufacture_date, 'YYYY-MM-DD')`.as('manufactureDate'), 'c.design_life_years as designLifeYears',
      sql<string | null>`to_char(c.last_inspection_date, 'YYYY-MM-DD')`.as('lastInspectionDate'),
      sql<string | null>`to_char(c.next_inspection_date, 'YYYY-MM-DD')`.as('nextInspectionDate'),
      'c.owner_type as ownerType', sql<boolean>`coalesce(o.type = 2, false)`.as('ownerIsCustomer'),
      sql<string | null>`to_char(c.last_filled_at, 'YYYY-MM-DD')`.as('lastFilledAt'),
      'm.flammable as gasFlammable', 'm.design_life_years as gasLife', 'm.extended_life_years as gasExtendedLife',
      sql<number | null>`m.target_net_weight::float8`.as('targetNetWeight'), sql<number | null>`m.weight_tolerance::float8`.as('weightTolerance'),
      (eb) => eb.selectFrom('cylinder_traces as t').select(sql<string>`to_char(max(t.at), ${MOMENT})`.as('v'))
        .whereRef('t.cylinder_id', '=', 'c.id').where('t.action', '=', VACUUM_ACTION).where('t.reverted_by_id', 'is', null).as('vacuumSince'),
      (eb) => eb.selectFrom('periodic_inspections as p').select(sql<string>`to_char(max(p.created_at), ${MOMENT})`.as('v'))
        .whereRef('p.cylinder_id', '=', 'c.id').as('inspectionRecordedAt'),
      (eb) => eb.selectFrom('periodic_inspections as p').select(sql<string>`to_char(max(p.inspected_on), 'YYYY-MM-DD')`.as('v'))
        .whereRef('p.cylinder_id', '=', 'c.id').where('p.result', '=', 1).as('lastPassedInspection'),
      ruleFlag('vacuumBeforeFlammableFirstFill').as('vacuumRule'), ruleFlag('lpgLifeExtension').as('extensionRule'),
    ]);
  if ('ids' in where) {
    if (!where.ids.length) return [];
    q = q.where('c.id', 'in', where.ids);
  } else {
    if (where.materialIds) q = q.where('c.material_id', 'in', where.materialIds);
    if (where.statuses) q = q.where('c.status', 'in', where.statuses);
    q = q.where('c.id', '>', where.afterId).orderBy('c.id').limit(where.limit);
  }
  const rows = await q.execute();
  return rows.map((r) => gateFactsOf(
    { ...r, materialName: r.materialName },
    {
      id: r.materialId, materialName: r.materialName, flammable: r.gasFlammable === true, designLifeYears: r.gasLife,
      extendedLifeYears: r.extensionRule ? r.gasExtendedLife : null, targetNetWeight: r.targetNetWeight, weightTolerance: r.weightTolerance,
    },
    { vacuumSince: r.vacuumSince, inspectionRecordedAt: r.inspectionRecordedAt, vacuumRequired: r.vacuumRule },
  ));
}

/**
 * Every gas as the gate reads it, the design-life extension rule applied (as fill-gate.repository does); the gases
 * of `scope` (every gas when null) with their test projects as testScan answers them (inspectionItemsOf).
 */
async function gases(db: Kysely<DB>, scope: number[] | null): Promise<FactsPage['gases']> {
  const projects = await inspectionItemsByGas(db, scope, MAX_INSPECTION_PROJECTS);
  const rows = await db.selectFrom('materials as m').select([
    'm.id', 'm.material_name as materialName', 'm.flammable', 'm.design_life_years as designLifeYears', 'm.extended_life_years as extendedLifeYears',
    sql<number | null>`m.target_net_weight::float8`.as('targetNetWeight'), sql<number | null>`m.weight_tolerance::float8`.as('tolerance'),
    ruleFlag('lpgLifeExtension').as('extensionRule'),
  ]).orderBy('m.id').limit(1000).execute();
  return rows.map(({ extensionRule, ...g }) => ({
    ...g, flammable: g.flammable === true, extendedLifeYears: extensionRule ? g.extendedLifeYears : null,
    ...(!scope || scope.includes(g.id) ? { projects: projects.get(g.id) ?? [] } : {}),
  }));
}

/** Trace events looked at from the newest down for unsettled ones (more than a minute of a busy plant's scans). */
const SETTLE_WINDOW = 5_000;

/**
 * The newest trace id up to which every event is settled (see FEED): one less than the oldest unsettled
 * event among the newest SETTLE_WINDOW, else the newest id; `after` (no move) when every one of them is
 * unsettled (there may be more below). Reads the top of the trace's primary key only.
 */
interface MarkRow { top: string | null; young: string | null; allYoung: boolean; bottom: string | null }

/**
 * The settled-mark reading, shared by every pull of this process for FEED.markTtlMs: fifty stations polling
 * every five seconds cost one reading a second, not ten. A reading a second old is a valid mark still (what was
 * settled then stays settled), only lower.
 */
const markReadings = new WeakMap<Kysely<DB>, { at: number; settleSeconds: number; row: Promise<MarkRow> }>();

function readMark(db: Kysely<DB>): Promise<MarkRow> {
  const now = Date.now();
  const kept = markReadings.get(db);
  if (kept && kept.settleSeconds === FEED.settleSeconds && now - kept.at < FEED.markTtlMs) return kept.row;
  const row = queryMark(db);
  markReadings.set(db, { at: now, settleSeconds: FEED.settleSeconds, row });
  // A failed reading is not kept: the next pull asks again.
  row.catch(() => { if (markReadings.get(db)?.row === row) markReadings.delete(db); });
  return row;
}

async function queryMark(db: Kysely<DB>): Promise<MarkRow> {
  const row = await sql<MarkRow>`
    with recent as (select t.id, t.at from cylinder_traces t order by t.id desc limit ${SETTLE_WINDOW}),
    threshold as (select least(now(), coalesce((select min(a.xact_start) from pg_stat_activity a
      where a.datname = current_database() and a.xact_start is not null and a.pid <> pg_backend_pid()), now()))
      - make_interval(secs => ${FEED.settleSeconds}) as v)
    select (select max(id) from recent)::text as top, (select min(id) from recent)::text as bottom,
      (select min(r.id) from recent r, threshold h where r.at >= h.v)::text as young,
      (select count(*) = ${SETTLE_WINDOW} and bool_and(r.at >= h.v) from recent r, threshold h) as "allYoung"`.execute(db);
  return row.rows[0] ?? { top: null, young: null, allYoung: false, bottom: null };
}

async function settledMark(db: Kysely<DB>, after: number, start = false): Promise<number> {
  const { top, young, allYoung, bottom } = await readMark(db);
  // A full copy starting in a burst marks below the window rather than at 0 (a change feed from the trace's start).
  if (allYoung) return start && bottom ? Math.max(Number(bottom) - 1, after) : after;
  const mark = young ? Number(young) - 1 : top ? Number(top) : 0;
  return Math.max(mark, after);
}

function parseCursor(cursor: string | null | undefined): { kind: 'full'; mark: number; lastId: number } | { kind: 'trace'; after: number } | null {
  if (!cursor) return null;
  const [kind, a, b] = cursor.split('.');
  if (kind === 'f') return { kind: 'full', mark: Number(a), lastId: Number(b) };
  if (kind === 't') return { kind: 'trace', after: Number(a) };
  throw new BusinessError('参数错误：同步位置无效');
}

/**
 * POST /api/offline/facts: the change feed of a station's copy. Without a cursor, the full copy of the
 * scope's cylinders in pages of `limit` by id (`reset` on the first), remembering the trace mark it started
 * from; then, from that mark on, only the cylinders trace events touched since (a scrap on another PC, a
 * fill, an inspection), with `removed` for those that left the scope. Keyset on cylinders (material_id, id)
 * and on the trace's primary key: a page costs the same at the millionth cylinder as at the first.
 */
export async function factsPage(db: Kysely<DB>, query: FactsQuery): Promise<FactsPage> {
  const limit = Math.min(query.limit ?? FACTS_DEFAULT_PAGE, FACTS_MAX_PAGE);
  const scope = query.materialIds?.length ? [...new Set(query.materialIds)] : null;
  const statuses = query.statuses?.length ? [...new Set(query.statuses)] : null;
  const inScope = (c: FactsRow) => (!scope || scope.includes(c.materialId)) && (!statuses || statuses.includes(c.status));
  const cursor = parseCursor(query.cursor);

  if (!cursor || cursor.kind === 'full') {
    // A full copy: the mark is read before the first page, so what changes while it pages is sent after.
    const mark = cursor ? cursor.mark : await settledMark(db, 0, true);
    const lastId = cursor ? cursor.lastId : 0;
    const cylinders = await factsOf(db, { materialIds: scope, statuses, afterId: lastId, limit });
    const more = cylinders.length === limit;
    const next = more ? `f.${mark}.${cylinders[cylinders.length - 1]!.id}` : `t.${mark}`;
    return { cursor: next, reset: !cursor, more, cylinders, removed: [], gases: await gases(db, scope) };
  }

  // Events of the scope's gases after the cursor (the trace's primary key; the join filters by gas).
  let eventQuery = db.selectFrom('cylinder_traces as t').innerJoin('cylinders as c', 'c.id', 't.cylinder_id')
    .select(['t.id', 't.cylinder_id as cylinderId']).where('t.id', '>', cursor.after);
  if (scope) eventQuery = eventQuery.where('c.material_id', 'in', scope);
  const events = await eventQuery.orderBy('t.id').limit(limit).execute();
  const settled = await settledMark(db, cursor.after);
  // The cursor passes settled events only; the events are in id order, so the settled ones are a prefix. When
  // the page holds every event of the scope after the cursor, it may pass the other gases' settled ones too.
  const young = events.find((e) => Number(e.id) > settled);
  const full = events.length === limit;
  const nextAfter = young ? Number(young.id) - 1 : full ? Number(events[events.length - 1]!.id) : Math.max(settled, cursor.after);
  if (!events.length) return { cursor: `t.${nextAfter}`, reset: false, more: false, cylinders: [], removed: [], gases: await gases(db, scope) };
  const cylinders = await factsOf(db, { ids: [...new Set(events.map((e) => e.cylinderId))] });
  // Out of the statuses the station acts on now: the station drops it.
  const removed = cylinders.filter((c) => !inScope(c)).map((c) => c.code);
  return {
    cursor: `t.${Math.max(nextAfter, cursor.after)}`, reset: false, more: full && nextAfter > cursor.after,
    cylinders: cylinders.filter(inScope), removed, gases: await gases(db, scope),
  };
}
