import { sql, type Kysely, type RawBuilder } from 'kysely';
import type {
  CycleInfo, CylinderBrief, FillingHistoryQuery, FillingRow, ReweighHistoryQuery, ProduceEventRow, ProduceListQuery,
  ProductionCylinderQuery, ProductionCylinderRow, StationAction, InspectionHistoryQuery, InspectionRecord, TimelineEvent, TodayCount, TraceInfo, WeighingRow,
} from '@shared/api/production';
import type { PageResult } from '@shared/api/schema';
import type { StorageTraceQuery } from '@shared/api/storage';
import { actionLabel, STATUS } from '@shared/lifecycle';
import type { DB } from '../../db/schema';
import { precompiled } from '../../db/precompiled';
import { BusinessError } from '../../lib/errors';
import { ownerName } from '../../lib/sql';
import { escapeLike, growingPage as historyPage, paginate } from '../../lib/paging';
import { day, ts, tsOrNull, withinDates } from '../../lib/sql';
import type { Actor } from './transition';
import { cylinderPlace } from './place.sql';

type Db = Kysely<DB>;
const num = (v: string | null) => (v === null ? null : Number(v));

/** The cylinder as a station shows it, by code; an unknown code says so. */
export async function briefByCode(db: Db, code: string): Promise<CylinderBrief> {
  return briefOf(await briefQuery(db, code.trim(), sql<null>`null`).executeTakeFirst(), code).brief;
}

function briefQuery<T>(db: Db, code: string, also: RawBuilder<T>) {
  return db.selectFrom('cylinders as c')
    .leftJoin('materials as m', 'm.id', 'c.material_id')
    .select([
      'c.id', 'c.code', 'c.status', 'c.material_id as materialId', 'm.material_name as materialName', 'c.specification',
      'c.tare_weight as tareWeight', sql<string | null>`to_char(c.next_inspection_date, 'YYYY-MM-DD')`.as('nextInspectionDate'),
      ownerName('c').as('ownerName'), also.as('also'),
    ])
    .where('c.code', '=', code);
}

function briefOf<T>(row: { tareWeight: string | null; also: T } & Omit<CylinderBrief, 'tareWeight'> | undefined, code: string): { brief: CylinderBrief; also: T } {
  if (!row) throw new BusinessError(`气瓶编码不存在：${code.trim()}`);
  const { also, ...brief } = row;
  return { brief: { ...brief, tareWeight: num(brief.tareWeight) }, also };
}

/**
 * briefByCode with one more column read in the same statement (`also`, on the cylinder row `c`), as a function
 * of (db, code) whose statement is built once: a scan's cost is its round trips and its building.
 */
export function briefWith<T>(also: RawBuilder<T>): (db: Db, code: string) => Promise<{ brief: CylinderBrief; also: T }> {
  const statement = precompiled((db, a: { code: string }) => briefQuery(db, a.code, also), ['code']);
  return async (db, code) => briefOf((await statement(db, { code: code.trim() })).rows[0], code) as { brief: CylinderBrief; also: T };
}

/* ---------------------------------------------------------------- timeline */

export function events(db: Db) {
  return db.selectFrom('cylinder_traces as t').select([
    't.id', 't.seq', 't.action', 't.from_status as fromStatus', 't.to_status as toStatus', 't.operator', 't.workstation',
    ts('t.at').as('at'), 't.record_type as recordType', 't.record_id as recordId', 't.reverts_id as revertsId',
    't.reverted_by_id as revertedById', 't.detail', 't.cylinder_id as cylinderId',
    tsOrNull('t.station_at').as('stationAt'), 't.replayed', 't.time_flag as timeFlag', 't.entered_by as enteredBy',
  ]);
}

type EventRow = Awaited<ReturnType<ReturnType<typeof events>['execute']>>[number];

export async function withNotes<R extends EventRow>(db: Db, rows: R[]): Promise<Array<R & Pick<TimelineEvent, 'actionName' | 'notes'>>> {
  const ids = rows.map((r) => Number(r.id));
  const notes = ids.length
    ? await db.selectFrom('trace_notes').select(['id', 'trace_id', 'note', 'operator', ts('updated_at').as('at')])
      .where('trace_id', 'in', ids).orderBy('id').execute()
    : [];
  return rows.map((r) => ({
    ...r, id: Number(r.id), recordId: r.recordId === null ? null : Number(r.recordId),
    revertsId: r.revertsId === null ? null : Number(r.revertsId), revertedById: r.revertedById === null ? null : Number(r.revertedById),
    actionName: actionLabel(r.action),
    notes: notes.filter((n) => Number(n.trace_id) === Number(r.id)).map((n) => ({ id: Number(n.id), note: n.note, operator: n.operator, at: n.at })),
  }));
}

/** Every event of the cylinder, oldest first, with user, workstation, record and notes. */
export async function timeline(db: Db, cylinderId: number): Promise<TimelineEvent[]> {
  const rows = await events(db).where('t.cylinder_id', '=', cylinderId).orderBy('t.seq').execute();
  return (await withNotes(db, rows)).map(({ cylinderId: _c, ...e }) => e);
}

export async function traceDetails(db: Db, code: string): Promise<TimelineEvent[]> {
  return timeline(db, (await briefByCode(db, code)).id);
}

/** trace/getInfo: the cylinder's record card and its timeline. */
export async function traceInfo(db: Db, code: string): Promise<TraceInfo> {
  const brief = await briefByCode(db, code);
  const [more, where] = await Promise.all([
    db.selectFrom('cylinders as c')
      .select([
        'c.steel_stamp as steelStamp', day('c.manufacture_date').as('manufactureDate'), day('c.last_inspection_date').as('lastInspectionDate'),
        tsOrNull('c.last_filled_at').as('lastFilledAt'),
        (eb) => eb.selectFrom('cylinder_traces as t').select((e) => e.fn.countAll<string>().as('n'))
          .whereRef('t.cylinder_id', '=', 'c.id').where('t.action', '=', 'fill').where('t.reverted_by_id', 'is', null).as('cycles'),
      ])
      .where('c.id', '=', brief.id).executeTakeFirstOrThrow(),
    cylinderPlace(db, brief.id),
  ]);
  return { cylinder: { ...brief, ...more, ...where, cycles: Number(more.cycles ?? 0) }, events: await timeline(db, brief.id) };
}

/** The cylinders a workstation (or, where the client names none, the signed-in user) brought through `action` today. */
const COUNTED: Record<StationAction, string[]> = {
  pick: ['pick'], fill: ['fill'], test: ['testPass', 'testFail'], reweigh: ['reweighPass', 'reweighFail'], vacuum: ['vacuum'],
  stockInEmpty: ['stockInEmpty'], stockInProduct: ['stockInProduct'], outboundScan: ['outboundScan'], recover: ['recover'],
};
export async function todayCount(db: Db, action: StationAction, actor: Actor): Promise<TodayCount> {
  const by = actor.workstation ? 'workstation' : 'operator';
  let q = db.selectFrom('cylinder_traces').select((eb) => eb.fn.countAll<string>().as('n'))
    .where('action', 'in', COUNTED[action]).where('at', '>=', sql<Date>`date_trunc('day', now())`).where('reverted_by_id', 'is', null);
  q = actor.workstation ? q.where('workstation', '=', actor.workstation) : q.where('operator_id', '=', actor.operatorId);
  const row = await q.executeTakeFirstOrThrow();
  return { count: Number(row.n), by };
}

/** Each fill-to-return loop: a loop starts at a standing fill and runs until the next one. */
export async function cycles(db: Db, code: string): Promise<CycleInfo[]> {
  const brief = await briefByCode(db, code);
  const rows = await db.selectFrom('cylinder_traces as t')
    .leftJoin('filling_records as f', (j) => j.onRef('f.trace_id', '=', 't.id'))
    .leftJoin('materials as m', 'm.id', 'f.material_id')
    // The shipment names its customer (detail.customerId); older events named it enterpriseId.
    .leftJoin('enterprises as e', (j) => j.on(sql<boolean>`e.id = coalesce(t.detail->>'customerId', t.detail->>'enterpriseId')::int`))
    .select(['t.id', 't.action', ts('t.at').as('at'), 'f.lot_no as lotNo', 'm.material_name as materialName', 'e.enterprise_name as customer'])
    .where('t.cylinder_id', '=', brief.id).where('t.reverted_by_id', 'is', null).where('t.action', '<>', 'rollback')
    .orderBy('t.seq').execute();
  const out: CycleInfo[] = [];
  let current: CycleInfo | null = null;
  for (const r of rows) {
    if (r.action === 'fill') {
      current = {
        no: out.length + 1, filledAt: r.at, lotNo: r.lotNo, materialName: r.materialName, testedAt: null, reweighedAt: null,
        stockedAt: null, shippedAt: null, customer: null, returnedAt: null, events: [],
      };
      out.push(current);
    }
    if (!current) continue;
    current.events.push(Number(r.id));
    if (r.action === 'testPass' || r.action === 'testFail') current.testedAt = r.at;
    else if (r.action === 'reweighPass' || r.action === 'reweighFail') current.reweighedAt = r.at;
    else if (r.action === 'stockInProduct') current.stockedAt = r.at;
    else if (r.action === 'outbound') {
      current.shippedAt = r.at;
      current.customer = r.customer;
    }
    else if (r.action === 'recover') current.returnedAt = r.at;
  }
  return out.reverse();
}

/* ---------------------------------------------------------------- histories */

interface HistoryFilters {
  code?: string;
  materialId?: number | null;
  dateFrom?: string | null;
  dateTo?: string | null;
  operator?: string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any record query with the aliases r and c
function filtered<Q extends { where: (...args: any[]) => Q }>(query: Q, q: HistoryFilters, at = 'r.created_at'): Q {
  let out = query;
  if (q.code) out = out.where('c.code', 'like', `${escapeLike(q.code.trim())}%`);
  if (q.materialId) out = out.where('r.material_id', '=', q.materialId);
  out = withinDates(out, at, q);
  if (q.operator) out = out.where('r.operator', 'like', `%${escapeLike(q.operator.trim())}%`);
  return out;
}

const SORT_ID = { id: 'r.id' };

export function fillingHistory(db: Db, q: FillingHistoryQuery): Promise<PageResult<FillingRow>> {
  const query = filtered(db.selectFrom('filling_records as r').innerJoin('cylinders as c', 'c.id', 'r.cylinder_id')
    .leftJoin('materials as m', 'm.id', 'r.material_id')
    .select([
      'r.id', 'r.cylinder_id as cylinderId', 'c.code', 'm.material_name as materialName', 'r.lot_no as lotNo',
      sql<number | null>`r.filled_weight::float8`.as('filledWeight'), sql<number | null>`r.filled_pressure::float8`.as('filledPressure'),
      tsOrNull('r.started_at').as('startedAt'), tsOrNull('r.ended_at').as('endedAt'), 'r.source', 'r.value_fixed as fixedValue', 'r.operator', 'r.workstation',
      'r.scale', tsOrNull('r.granted_at').as('grantedAt'), tsOrNull('r.released_at').as('releasedAt'),
      ts('r.created_at').as('createdAt'), sql<boolean>`r.reverted_at is not null`.as('reverted'),
    ]), q);
  return paginate(query, q, historyPage(db, query, SORT_ID, 'r.id'));
}

function testRows(db: Db) {
  return db.selectFrom('test_records as r').innerJoin('cylinders as c', 'c.id', 'r.cylinder_id')
    .leftJoin('materials as m', 'm.id', 'r.material_id')
    .select([
      'r.id', 'r.cylinder_id as cylinderId', 'c.code', 'r.trace_id as traceId', 'm.material_name as materialName', 'r.result',
      'r.items', 'r.remark', 'r.operator', 'r.workstation', ts('r.created_at').as('createdAt'), ts('r.updated_at').as('updatedAt'),
      sql<boolean>`r.reverted_at is not null`.as('reverted'),
    ]);
}

const asTestRecord = <R extends { id: number; traceId: number }>(r: R) => ({ ...r, id: Number(r.id), traceId: Number(r.traceId) }) as unknown as InspectionRecord;

const testQuery = (db: Db, q: InspectionHistoryQuery) => {
  const query = filtered(testRows(db), q);
  return q.result !== undefined ? query.where('r.result', '=', q.result) : query;
};

/** The filtered test records, newest first, at most `cap` of them in one query (exports: no count, no pages). */
export async function inspectionRecordsUpTo(db: Db, q: InspectionHistoryQuery, cap: number): Promise<InspectionRecord[]> {
  return (await testQuery(db, q).orderBy('r.id', 'desc').limit(cap).execute()).map(asTestRecord);
}

export async function inspectionHistory(db: Db, q: InspectionHistoryQuery): Promise<PageResult<InspectionRecord>> {
  const query = testQuery(db, q);
  const page = await paginate(query, q, historyPage(db, query, SORT_ID, 'r.id'));
  return { total: page.total, list: page.list.map(asTestRecord) };
}

export async function inspectionRecord(db: Db, id: number): Promise<InspectionRecord> {
  const row = await testRows(db).where('r.id', '=', id).executeTakeFirst();
  if (!row) throw new BusinessError(`检验记录不存在：${id}`);
  return asTestRecord(row);
}

export async function inspectionRecordByTrace(db: Db, traceId: number): Promise<InspectionRecord> {
  const row = await testRows(db).where('r.trace_id', '=', traceId).executeTakeFirst();
  if (!row) throw new BusinessError(`该追溯事件没有检验记录：${traceId}`);
  return asTestRecord(row);
}

export async function metageHistory(db: Db, q: ReweighHistoryQuery): Promise<PageResult<WeighingRow>> {
  let query = filtered(db.selectFrom('weighing_records as r').innerJoin('cylinders as c', 'c.id', 'r.cylinder_id')
    .leftJoin('materials as m', 'm.id', 'r.material_id')
    .select([
      'r.id', 'r.cylinder_id as cylinderId', 'c.code', 'm.material_name as materialName',
      sql<number>`r.gross_weight::float8`.as('grossWeight'), sql<number>`r.tare_weight::float8`.as('tareWeight'),
      sql<number>`r.net_weight::float8`.as('netWeight'), sql<number>`r.target_net_weight::float8`.as('targetNetWeight'),
      sql<number>`r.tolerance::float8`.as('tolerance'), sql<number>`r.deviation::float8`.as('deviation'), 'r.passed', 'r.source', 'r.scale',
      'r.operator', 'r.workstation', ts('r.created_at').as('createdAt'), sql<boolean>`r.reverted_at is not null`.as('reverted'),
    ]), q);
  if (q.passed !== undefined) query = query.where('r.passed', '=', q.passed);
  const page = await paginate(query, q, historyPage(db, query, SORT_ID, 'r.id'));
  return { total: page.total, list: page.list.map((r) => ({ ...r, id: Number(r.id) })) };
}

const PRODUCE_ACTIONS = ['pick', 'returnPick', 'fill', 'testPass', 'testFail', 'reweighPass', 'reweighFail', 'rollback'] as const;

/** The production events (newest first), as the station's records list shows them. */
export async function listProduce(db: Db, q: ProduceListQuery): Promise<PageResult<ProduceEventRow>> {
  let query = events(db).innerJoin('cylinders as c', 'c.id', 't.cylinder_id').select('c.code')
    .where('t.action', 'in', q.action ? [q.action] : [...PRODUCE_ACTIONS]);
  if (q.code) query = query.where('c.code', 'like', `${escapeLike(q.code.trim())}%`);
  if (q.materialId) query = query.where('c.material_id', '=', q.materialId);
  if (q.dateFrom) query = query.where('t.at', '>=', sql<Date>`${q.dateFrom}::date`);
  if (q.dateTo) query = query.where('t.at', '<', sql<Date>`${q.dateTo}::date + 1`);
  if (q.operator) query = query.where('t.operator', 'like', `%${escapeLike(q.operator.trim())}%`);
  const page = await paginate(query, q, historyPage(db, query, { id: 't.id' }, 't.id'));
  return { total: page.total, list: (await withNotes(db, page.list)).map((r) => ({ ...r, cylinderId: Number(r.cylinderId) })) };
}

/** Cylinders in production (received to reWeighed), the longest waiting first. */
export function listProduct(db: Db, q: ProductionCylinderQuery): Promise<PageResult<ProductionCylinderRow>> {
  let query = db.selectFrom('cylinders as c')
    .leftJoin('materials as m', 'm.id', 'c.material_id')
    .select([
      'c.id', 'c.code', 'c.status', 'm.material_name as materialName', 'c.specification',
      ownerName('c').as('ownerName'), ts('c.updated_at').as('since'),
    ])
    .where('c.status', 'in', q.status !== undefined ? [q.status] : [STATUS.received, STATUS.filled, STATUS.inspected, STATUS.reWeighed]);
  if (q.code) query = query.where('c.code', 'like', `${escapeLike(q.code.trim())}%`);
  if (q.materialId) query = query.where('c.material_id', '=', q.materialId);
  return paginate(query, q, { sorts: { id: 'c.id', code: 'c.code' }, defaultSort: 'id', tieBreaker: 'c.id' });
}

export const customers = (db: Db) => db.selectFrom('enterprises').select(['id', 'enterprise_name as enterpriseName', 'enterprise_code as enterpriseCode'])
  .where('type', '=', 2).orderBy('enterprise_name').limit(5000).execute();

/* ---------------------------------------------------------------- storage events */

const STORAGE_ACTIONS = ['stockInEmpty', 'stockInProduct', 'outboundScan', 'outbound', 'recover'] as const;

/** POST /api/storageOrder/selectTracePage: stock-in, outbound and recovery events, newest first. */
export async function storageTrace(db: Db, q: StorageTraceQuery): Promise<PageResult<ProduceEventRow>> {
  let query = events(db).innerJoin('cylinders as c', 'c.id', 't.cylinder_id').select('c.code')
    .where('t.action', 'in', q.action ? [q.action] : [...STORAGE_ACTIONS]);
  if (q.orderId) {
    query = query.where('t.cylinder_id', 'in', (eb) => eb.selectFrom('storage_order_items').select('cylinder_id').where('order_id', '=', q.orderId!))
      .where(sql`(t.detail->>'orderId')::int`, '=', q.orderId);
  }
  if (q.customerId) {
    // The customer's cylinders are those its orders carried or that it returned (indexed), then their events.
    const customerId = q.customerId;
    query = query.where((eb) => eb.or([
      eb('t.cylinder_id', 'in', eb.selectFrom('storage_order_items as i').innerJoin('storage_orders as o', 'o.id', 'i.order_id')
        .select('i.cylinder_id').where('o.customer_id', '=', customerId)),
      eb('t.cylinder_id', 'in', eb.selectFrom('recovery_records as r').select('r.cylinder_id').where('r.customer_id', '=', customerId)),
    ])).where(sql`(t.detail->>'customerId')::int`, '=', customerId);
  }
  if (q.code) query = query.where('c.code', 'like', `${escapeLike(q.code.trim())}%`);
  query = withinDates(query, 't.at', q);
  const page = await paginate(query, q, historyPage(db, query, { id: 't.id' }, 't.id'));
  return { total: page.total, list: (await withNotes(db, page.list)).map((r) => ({ ...r, cylinderId: Number(r.cylinderId) })) };
}

