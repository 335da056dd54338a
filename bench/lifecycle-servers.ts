/**
 * The two servers bench/lifecycle.bench.ts measures, in a process of their own (forked with IPC) so the
 * load generator does not share their event loop:
 *
 * - the application: buildApp on a createDb pool, exactly as the server starts it (no logger), listening
 *   on 127.0.0.1;
 * - the baseline: a bare Fastify with a pg.Pool of the same size, preparing its statements as the app does,
 *   and no plugins (no authentication, validation, operation log), doing per pair the SQL the pair cannot do without: one read of the
 *   scanned cylinder, then one transaction that locks the row FOR UPDATE, appends the trace event (seq =
 *   the cylinder's next), writes the record and updates the status. The scan's read and the locking read also read
 *   what the pair's rule needs (the fill gate's facts, the test projects, the gas's re-weighing facts) and the
 *   answers carry the verdict, as the app's do (bench/README.md, "What the bare endpoints read").
 *
 * For scanOutStock and scanHandel the same, in one transaction: the order and its lines locked first, then
 * the cylinder; event, order item or recovery record, line count, status.
 *
 * Started with BENCH_DATABASE_URL in its environment; sends { appPort, barePort } when both listen, answers
 * the message 'statements' with { statements } (the statements each side sent so far) and closes both on
 * the message 'stop'.
 */
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import type { AppConfig } from '../src/server/config';
import { createDb, StatementNames } from '../src/server/db/database';
import { today } from '../src/server/lib/dates';
import { fillGateReasons } from '../src/shared/cylinder/gate';
import { OWN_OWNER_NAME } from '../src/shared/owner';
import { SYSTEM_RULE_DEFAULTS } from '../src/shared/api/systemRule';

export const BENCH_TOKEN_SECRET = 'bench-secret-bench-secret-bench-secret-01';

export interface ServersReady {
  appPort: number;
  barePort: number;
}

export function benchConfig(): AppConfig {
  return {
    port: 0, host: '127.0.0.1', dataDir: '.tmp/bench-data', embeddedPgPort: 0, accessTokenSecret: BENCH_TOKEN_SECRET,
    accessTokenTtl: 4 * 3600, refreshTokenTtl: 8 * 3600, corsOrigins: [], version: 'bench', trustProxy: false,
    // Every bench client comes from 127.0.0.1: the public page's per-address limit would measure itself (qr-page.bench.ts).
    qrPageRateLimit: 0,
  };
}

interface Locked { id: number; status: number; material_id: number; tare_weight: string | null; target_net_weight: string | null; weight_tolerance: string | null }

type Kind = 'fill' | 'test' | 'metage';
const STEP: Record<Kind, { from: number; to: number; action: string; recordType: string; table: string }> = {
  fill: { from: 3, to: 4, action: 'fill', recordType: 'filling', table: 'filling_records' },
  test: { from: 4, to: 5, action: 'testPass', recordType: 'test', table: 'test_records' },
  metage: { from: 5, to: 6, action: 'reweighPass', recordType: 'weighing', table: 'weighing_records' },
};

/** Statements sent to PostgreSQL by the application's connections and by the bare baseline's, BEGIN and COMMIT included. */
export interface StatementCounts { app: number; bare: number }
const statements: StatementCounts = { app: 0, bare: 0 };
const BARE = Symbol('bare');
type Counted = pg.Client & { [BARE]?: boolean };

/** Counts every statement any client of this process sends (the app's and the bare pool's, told apart by a mark). */
function countStatements(): void {
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  (pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }).query = function (this: Counted, ...args: unknown[]) {
    statements[this[BARE] ? 'bare' : 'app'] += 1;
    return query.apply(this, args);
  };
}

/**
 * The baseline's pool prepares its statements exactly as the application's does (db/database.ts: one name per
 * statement text, prepared once per connection by pg's named queries), so the ratio compares like with like.
 */
function barePool(connectionString: string): pg.Pool {
  const pool = new pg.Pool({ connectionString, max: 10 });
  const names = new StatementNames();
  pool.on('connect', (client: Counted) => {
    client[BARE] = true;
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (text: unknown, values?: unknown, ...rest: unknown[]) => {
      const name = typeof text === 'string' && Array.isArray(values) ? names.nameOf(text) : undefined;
      return name ? query({ name, text, values }, ...rest) : query(text, values, ...rest);
    };
  });
  return pool;
}

/* ---------------------------------------------------------------- what the bare scans and acts read */

/** The cylinder as a station's scan shows it (the app's CylinderBrief), hand-written. */
const BRIEF_COLUMNS = `c.id, c.code, c.status, c.material_id, m.material_name, c.specification, c.tare_weight,
  to_char(c.next_inspection_date, 'YYYY-MM-DD') as next_inspection_date,
  case when c.owner_type = 1 then '${OWN_OWNER_NAME}' else (select e.enterprise_name from enterprises e where e.id = c.owner_enterprise_id) end as owner_name`;
interface BriefRow { id: number; code: string; status: number; material_id: number; material_name: string; specification: string | null; tare_weight: string | null; next_inspection_date: string | null; owner_name: string | null }
const num = (v: string | null) => (v === null ? null : Number(v));
const briefOf = (c: BriefRow) => ({
  id: c.id, code: c.code, status: c.status, materialId: c.material_id, materialName: c.material_name, specification: c.specification,
  tareWeight: num(c.tare_weight), nextInspectionDate: c.next_inspection_date, ownerName: c.owner_name,
});

/** A plant rule as the gate reads it (system_rules, else its default). */
const rule = (key: 'vacuumBeforeFlammableFirstFill' | 'lpgLifeExtension') => `coalesce((select case when jsonb_typeof(r.value) = 'boolean'
  then (r.value)::text::boolean end from system_rules r where r.rule_key = '${key}'), ${SYSTEM_RULE_DEFAULTS[key]})`;
const MOMENT = `'YYYY-MM-DD"T"HH24:MI:SS.US'`;
/**
 * The fill gate's facts (fill-gate.repository.ts reads the same): the gas being filled (`g`, joined on the
 * scan's materialId), the cylinder's dates, life and owner, its latest standing vacuum, its periodic inspections
 * (latest recorded, latest passed) and the plant's two gate rules.
 */
const GATE_COLUMNS = `g.id as gas_id, g.material_name as gas_name, g.category as gas_category, g.flammable as gas_flammable,
  g.design_life_years as gas_life, g.extended_life_years as gas_extended_life,
  to_char(c.manufacture_date, 'YYYY-MM-DD') as manufacture_date, c.design_life_years,
  to_char(c.last_inspection_date, 'YYYY-MM-DD') as last_inspection_date, c.owner_type,
  coalesce((select e.type = 2 from enterprises e where e.id = c.owner_enterprise_id), false) as owner_is_customer,
  to_char(c.last_filled_at, 'YYYY-MM-DD') as last_filled_at,
  (select to_char(max(t.at), ${MOMENT}) from cylinder_traces t where t.cylinder_id = c.id and t.action = 'vacuum' and t.reverted_by_id is null) as vacuum_since,
  (select to_char(max(p.created_at), ${MOMENT}) from periodic_inspections p where p.cylinder_id = c.id) as inspection_recorded_at,
  (select to_char(max(p.inspected_on), 'YYYY-MM-DD') from periodic_inspections p where p.cylinder_id = c.id and p.result = 1) as last_passed_inspection,
  ${rule('vacuumBeforeFlammableFirstFill')} as vacuum_rule, ${rule('lpgLifeExtension')} as extension_rule`;
interface GateRow {
  code: string; status: number; material_id: number; material_name: string; next_inspection_date: string | null;
  gas_id: number | null; gas_name: string | null; gas_category: string | null; gas_flammable: boolean | null; gas_life: number | null; gas_extended_life: number | null;
  manufacture_date: string | null; design_life_years: number | null; last_inspection_date: string | null; owner_type: number; owner_is_customer: boolean;
  last_filled_at: string | null; vacuum_since: string | null; inspection_recorded_at: string | null; last_passed_inspection: string | null;
  vacuum_rule: boolean; extension_rule: boolean;
}
/** The gate's reasons (the shared rule, src/shared/cylinder/gate.ts; the status is checked apart, as the app does). */
function gateReasons(c: GateRow): string[] {
  if (c.gas_id === null || c.gas_name === null) return ['no gas'];
  const gas = {
    id: c.gas_id, materialName: c.gas_name, flammable: c.gas_flammable === true, designLifeYears: c.gas_life,
    extendedLifeYears: c.extension_rule ? c.gas_extended_life : null,
  };
  const cylinder = {
    code: c.code, status: c.status, materialId: c.material_id, materialName: c.material_name, manufactureDate: c.manufacture_date,
    designLifeYears: c.design_life_years, lastInspectionDate: c.last_inspection_date, nextInspectionDate: c.next_inspection_date,
    ownerType: c.owner_type, ownerIsCustomer: c.owner_is_customer, lastFilledAt: c.last_filled_at, lastPassedInspection: c.last_passed_inspection,
  };
  return fillGateReasons(cylinder, gas, today(), { vacuumSince: c.vacuum_since, inspectionRecordedAt: c.inspection_recorded_at, vacuumRequired: c.vacuum_rule })
    .filter((r) => r.reason !== 'scrap').map((r) => r.message);
}

/** The gas's standing test projects, in their order (production.repository inspectionItemsOf reads the same). */
const PROJECTS_COLUMN = `(select coalesce(json_agg(json_build_object('id', p.id, 'projectName', p.project_name, 'method', p.method,
    'standardMin', p.standard_min, 'standardMax', p.standard_max, 'standardText', p.standard_text, 'unit', p.unit, 'required', p.required)
    order by p.sort, p.id), '[]') from test_projects p where p.material_id = c.material_id and p.retired_at is null) as projects`;
interface Project { id: number; projectName: string; standardMin: number | null; standardMax: number | null; unit: string | null; required: boolean }
interface BareItem { projectId: number; value?: number | null; passed?: boolean }
/** The items against the projects: every required one given, a value against its range, else the given verdict; null when they do not fit. */
function evaluate(projects: Project[], items: BareItem[]): { items: unknown[]; passed: boolean } | null {
  const given = new Map(items.map((i) => [i.projectId, i]));
  if (items.some((i) => !projects.some((p) => p.id === i.projectId))) return null;
  if (projects.some((p) => p.required && !given.has(p.id))) return null;
  let passed = true;
  const out = projects.filter((p) => given.has(p.id)).map((p) => {
    const item = given.get(p.id)!;
    const value = item.value ?? null;
    const ok = value !== null && (p.standardMin !== null || p.standardMax !== null)
      ? (p.standardMin === null || value >= p.standardMin) && (p.standardMax === null || value <= p.standardMax)
      : item.passed === true;
    if (!ok && p.required) passed = false;
    return { projectId: p.id, projectName: p.projectName, value, unit: p.unit, passed: ok, required: p.required };
  });
  return { items: out, passed };
}

/** What 复秤 reads of the gas: whether it is re-weighed, its target net weight and tolerance. */
const WEIGH_COLUMNS = 'm.reweigh_required, m.target_net_weight, m.weight_tolerance';
interface WeighRow { code: string; tare_weight: string | null; reweigh_required: boolean; target_net_weight: string | null; weight_tolerance: string | null }
const weighReasons = (c: WeighRow): string[] => [
  ...(c.reweigh_required ? [] : [`${c.code}: not re-weighed`]),
  ...(c.tare_weight === null ? [`${c.code}: no tare`] : []),
  ...(c.target_net_weight === null || c.weight_tolerance === null ? [`${c.code}: no target`] : []),
];
function weightVerdict(gross: number, tare: number, target: number, tolerance: number) {
  const net = Math.round((gross - tare) * 1000) / 1000;
  const deviation = Math.round((net - target) * 1000) / 1000;
  return { net, target, tolerance, deviation, passed: Math.abs(deviation) <= tolerance + 1e-9 };
}

/** What each act's locking read adds to the cylinder: what its rule needs. */
const LOCK_EXTRA: Record<Kind, string> = {
  fill: `c.code, m.material_name, to_char(c.next_inspection_date, 'YYYY-MM-DD') as next_inspection_date, ${GATE_COLUMNS},`,
  test: `c.code, ${PROJECTS_COLUMN},`,
  metage: 'c.code,',
};

/** The bare baseline: POST /bare/scan/{fill,test,metage} { code, materialId? } and POST /bare/{fill,test,metage} { code, ... }. */
export async function buildBare(connectionString: string): Promise<{ app: FastifyInstance; pool: pg.Pool }> {
  const pool = barePool(connectionString);
  pool.on('error', (error) => console.error(`bare pool: ${error.message}`));
  const app = Fastify({ logger: false });

  /*
   * The scans answer what a station's scan must show: the cylinder as the station shows it (gas, specification,
   * tare, next inspection, owner) and, per kind, the facts its verdict needs — 充装: the fill gate's facts (the gas
   * being filled, the vacuum history, the periodic inspection records, the plant's two gate rules), judged by the
   * shared gate (src/shared/cylinder/gate.ts); 检验: the gas's standing test projects; 复秤: whether the gas is
   * re-weighed, its target net weight and tolerance. Each in the one read the scan already made.
   */
  app.post<{ Body: { code: string; materialId: number } }>('/bare/scan/fill', async (request) => {
    const { rows } = await pool.query<GateRow & BriefRow>(`select ${BRIEF_COLUMNS}, ${GATE_COLUMNS}
       from cylinders c join materials m on m.id = c.material_id left join materials g on g.id = $2 where c.code = $1`,
    [request.body.code, request.body.materialId]);
    const c = rows[0];
    if (!c) return { code: 0, data: null };
    const reasons = [...(c.status === 3 ? [] : [`status ${c.status}`]), ...gateReasons(c)];
    return { code: 0, data: { cylinder: briefOf(c), allowed: reasons.length === 0, reasons } };
  });
  app.post<{ Body: { code: string } }>('/bare/scan/test', async (request) => {
    const { rows } = await pool.query<BriefRow & { projects: Project[] }>(`select ${BRIEF_COLUMNS}, ${PROJECTS_COLUMN}
       from cylinders c join materials m on m.id = c.material_id where c.code = $1`, [request.body.code]);
    const c = rows[0];
    if (!c) return { code: 0, data: null };
    const reasons = c.status === 4 ? [] : [`status ${c.status}`];
    return { code: 0, data: { cylinder: briefOf(c), allowed: reasons.length === 0, reasons, projects: c.projects } };
  });
  app.post<{ Body: { code: string } }>('/bare/scan/metage', async (request) => {
    const { rows } = await pool.query<BriefRow & WeighRow>(`select ${BRIEF_COLUMNS}, ${WEIGH_COLUMNS}
       from cylinders c join materials m on m.id = c.material_id where c.code = $1`, [request.body.code]);
    const c = rows[0];
    if (!c) return { code: 0, data: null };
    const reasons = [...(c.status === 5 ? [] : [`status ${c.status}`]), ...weighReasons(c)];
    return {
      code: 0,
      data: {
        cylinder: briefOf(c), allowed: reasons.length === 0, reasons, reweighRequired: c.reweigh_required,
        targetNetWeight: num(c.target_net_weight), tolerance: num(c.weight_tolerance), tareWeight: num(c.tare_weight),
      },
    };
  });

  for (const kind of Object.keys(STEP) as Kind[]) {
    const step = STEP[kind];
    app.post<{ Body: { code: string; scanId: string; materialId: number; items?: BareItem[]; grossWeight?: number } }>(`/bare/${kind}`, async (request, reply) => {
      const body = request.body;
      const client = await pool.connect();
      try {
        await client.query('begin');
        // The status guard trigger wants the transition declared; done in the locking read itself, which also
        // reads what the act's rule needs (the gate's facts, the test projects, the gas's target and tolerance).
        const { rows } = await client.query<Locked & GateRow & BriefRow & WeighRow & { projects: Project[] }>(
          `select c.id, c.status, c.material_id, c.tare_weight, m.target_net_weight, m.weight_tolerance, m.reweigh_required, ${LOCK_EXTRA[kind]}
             set_config('cylinder.transition', 'on', true)
           from cylinders c join materials m on m.id = c.material_id${kind === 'fill' ? ' left join materials g on g.id = $2' : ''}
           where c.code = $1 for update of c`, kind === 'fill' ? [body.code, body.materialId] : [body.code]);
        const c = rows[0];
        if (!c) {
          await client.query('rollback');
          return reply.code(409).send({ code: -1, msg: `${body.code}: none` });
        }
        const refused = c.status !== step.from ? `${body.code}: status ${c.status}`
          : kind === 'fill' ? gateReasons(c).join('；') || (c.gas_category === null ? 'no gas' : '')
          : kind === 'metage' ? weighReasons(c).join('；') : '';
        if (refused) {
          await client.query('rollback');
          return reply.code(409).send({ code: -1, msg: refused });
        }
        let to = step.to;
        let verdict: { net: number; target: number; tolerance: number; deviation: number; passed: boolean } | undefined;
        let tested: { items: unknown[]; passed: boolean } | null = null;
        if (kind === 'test') {
          tested = evaluate(c.projects, body.items ?? []);
          if (!tested) {
            await client.query('rollback');
            return reply.code(409).send({ code: -1, msg: 'items' });
          }
          if (!tested.passed) to = 1;
        } else if (kind === 'metage') {
          verdict = weightVerdict(body.grossWeight ?? 0, Number(c.tare_weight), Number(c.target_net_weight), Number(c.weight_tolerance));
          if (!verdict.passed) to = 1;
        }
        const trace = await client.query<{ id: string; record_id: string }>(
          `insert into cylinder_traces (cylinder_id, seq, from_status, to_status, action, operator, workstation, scan_id, record_type, record_id)
           values ($1, (select coalesce(max(seq), 0) + 1 from cylinder_traces where cylinder_id = $1), $2, $3, $4, 'bare', 'bare', $5, $6,
             nextval(pg_get_serial_sequence($7, 'id')))
           returning id, record_id`, [c.id, step.from, to, step.action, body.scanId, step.recordType, step.table]);
        const traceId = trace.rows[0]!.id;
        const recordId = trace.rows[0]!.record_id;
        if (kind === 'fill') {
          await client.query(
            `insert into filling_records (id, cylinder_id, trace_id, operator, workstation, material_id, lot_no, filled_weight, source)
             values ($1, $2, $3, 'bare', 'bare', $4, 'BENCH-LOT', 14.5, 'scale')`, [recordId, c.id, traceId, body.materialId]);
        } else if (kind === 'test') {
          await client.query(
            `insert into test_records (id, cylinder_id, trace_id, operator, workstation, material_id, result, items)
             values ($1, $2, $3, 'bare', 'bare', $4, $5, $6)`, [recordId, c.id, traceId, c.material_id, tested!.passed ? 1 : 0, JSON.stringify(tested!.items)]);
        } else {
          const v = verdict!;
          await client.query(
            `insert into weighing_records (id, cylinder_id, trace_id, operator, workstation, material_id, gross_weight, tare_weight, net_weight,
               target_net_weight, tolerance, deviation, passed, source)
             values ($1, $2, $3, 'bare', 'bare', $4, $5, $6, $7, $8, $9, $10, $11, 'scale')`,
            [recordId, c.id, traceId, c.material_id, body.grossWeight ?? 0, Number(c.tare_weight), v.net, v.target, v.tolerance, v.deviation, v.passed]);
        }
        await client.query(
          `update cylinders set status = $2, updated_at = now()${kind === 'fill' ? ', last_filled_at = now()' : ''} where id = $1`, [c.id, to]);
        await client.query('commit');
        return { code: 0, data: { cylinderId: c.id, toStatus: to, traceId: Number(traceId), recordId: Number(recordId), repeated: false } };
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    });
  }
  /** scanOutStock's SQL: the order and its lines locked, then the cylinder; the event, the order item, the line count, the status. */
  app.post<{ Body: { code: string; scanId: string; orderId: number } }>('/bare/outscan', async (request, reply) =>
    inTransaction(pool, reply, async (client) => {
      const body = request.body;
      const order = await client.query<{ status: number }>('select status from storage_orders where id = $1 for update', [body.orderId]);
      const lines = await client.query<{ id: number; material_id: number; quantity: number; scanned: number }>(
        'select id, material_id, quantity, scanned from storage_order_lines where order_id = $1 order by id for update', [body.orderId]);
      const c = (await client.query<Locked>(
        `select id, status, material_id, set_config('cylinder.transition', 'on', true) from cylinders where code = $1 for update`, [body.code])).rows[0];
      const line = lines.rows.find((l) => l.material_id === c?.material_id && l.scanned < l.quantity);
      if (!c || c.status !== 7 || order.rows[0]?.status !== 0 || !line) return null;
      const trace = await client.query<{ id: string; record_id: string }>(
        `insert into cylinder_traces (cylinder_id, seq, from_status, to_status, action, operator, workstation, scan_id, record_type, record_id, detail)
         values ($1, (select coalesce(max(seq), 0) + 1 from cylinder_traces where cylinder_id = $1), 7, 8, 'outboundScan', 'bare', 'bare', $2, 'order',
           nextval(pg_get_serial_sequence('storage_order_items', 'id')), $3)
         returning id, record_id`, [c.id, body.scanId, JSON.stringify({ orderId: body.orderId, lineId: line.id })]);
      await client.query(
        `insert into storage_order_items (id, order_id, line_id, cylinder_id, trace_id, operator, workstation) values ($1, $2, $3, $4, $5, 'bare', 'bare')`,
        [trace.rows[0]!.record_id, body.orderId, line.id, c.id, trace.rows[0]!.id]);
      await client.query('update storage_order_lines set scanned = scanned + 1 where id = $1', [line.id]);
      await client.query('update cylinders set status = 8, updated_at = now() where id = $1', [c.id]);
      return { cylinderId: c.id, toStatus: 8, traceId: Number(trace.rows[0]!.id), repeated: false };
    }));

  /** scanHandel's SQL: the cylinder locked; the event, the recovery record, the status and location. */
  app.post<{ Body: { code: string; scanId: string; customerId: number } }>('/bare/recover', async (request, reply) =>
    inTransaction(pool, reply, async (client) => {
      const body = request.body;
      const c = (await client.query<Locked & { location_enterprise_id: number | null }>(
        `select id, status, location_enterprise_id, set_config('cylinder.transition', 'on', true) from cylinders where code = $1 for update`,
        [body.code])).rows[0];
      if (!c || c.status !== 9) return null;
      const trace = await client.query<{ id: string; record_id: string }>(
        `insert into cylinder_traces (cylinder_id, seq, from_status, to_status, action, operator, workstation, scan_id, record_type, record_id, detail)
         values ($1, (select coalesce(max(seq), 0) + 1 from cylinder_traces where cylinder_id = $1), 9, 10, 'recover', 'bare', 'bare', $2, 'recovery',
           nextval(pg_get_serial_sequence('recovery_records', 'id')), $3)
         returning id, record_id`, [c.id, body.scanId, JSON.stringify({ customerId: body.customerId })]);
      await client.query(
        `insert into recovery_records (id, cylinder_id, trace_id, operator, workstation, customer_id, expected_customer_id, expected_status)
         values ($1, $2, $3, 'bare', 'bare', $4, $5, 9)`, [trace.rows[0]!.record_id, c.id, trace.rows[0]!.id, body.customerId, c.location_enterprise_id]);
      await client.query(
        'update cylinders set status = 10, location_enterprise_id = null, located_since = null, warehouse_id = null, updated_at = now() where id = $1', [c.id]);
      return { cylinderId: c.id, toStatus: 10, traceId: Number(trace.rows[0]!.id), repeated: false };
    }));
  return { app, pool };
}

/** One transaction on a pooled client: `work` answers the data, or null to refuse (rolled back, 409). */
async function inTransaction<T>(pool: pg.Pool, reply: FastifyReply, work: (client: pg.PoolClient) => Promise<T | null>) {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const data = await work(client);
    if (data === null) {
      await client.query('rollback');
      return reply.code(409).send({ code: -1, msg: 'refused' });
    }
    await client.query('commit');
    return { code: 0, data };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

async function main() {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url || !process.send) throw new Error('lifecycle-servers: start it from bench/lifecycle.bench.ts (fork, BENCH_DATABASE_URL)');
  countStatements();
  // As the server starts it: statements prepared unless PG_PREPARED_STATEMENTS=false.
  const db = createDb(url, { prepare: process.env.PG_PREPARED_STATEMENTS !== 'false' });
  const app = await buildApp({ config: benchConfig(), db, loginAttemptsPerMinute: 1000 });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const bare = await buildBare(url);
  await bare.app.listen({ host: '127.0.0.1', port: 0 });
  const portOf = (a: FastifyInstance) => {
    const address = a.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    return address.port;
  };
  const ready: ServersReady = { appPort: portOf(app), barePort: portOf(bare.app) };
  process.send(ready);
  process.on('message', (message) => {
    if (message === 'statements') process.send!({ statements });
    if (message !== 'stop') return;
    void (async () => {
      await app.close();
      await db.destroy();
      await bare.app.close();
      await bare.pool.end();
      process.disconnect();
    })();
  });
}

if (process.env.BENCH_LIFECYCLE_SERVERS === '1') await main();
