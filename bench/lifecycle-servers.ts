/**
 * The two servers bench/lifecycle.bench.ts measures, in a process of their own (forked with IPC) so the
 * load generator does not share their event loop:
 *
 * - the application: buildApp on a createDb pool, exactly as the server starts it (no logger), listening
 *   on 127.0.0.1;
 * - the baseline: a bare Fastify with a pg.Pool of the same size, preparing its statements as the app does,
 *   and no plugins (no authentication, validation, operation log), doing per pair the SQL the pair cannot do without: one read of the
 *   scanned cylinder, then one transaction that locks the row FOR UPDATE, appends the trace event (seq =
 *   the cylinder's next), writes the record and updates the status.
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

/** The bare baseline: POST /bare/scan { code } and POST /bare/{fill,test,metage} { code, ... }. */
export async function buildBare(connectionString: string): Promise<{ app: FastifyInstance; pool: pg.Pool }> {
  const pool = barePool(connectionString);
  pool.on('error', (error) => console.error(`bare pool: ${error.message}`));
  const app = Fastify({ logger: false });

  app.post<{ Body: { code: string } }>('/bare/scan', async (request) => {
    const { rows } = await pool.query(
      `select c.id, c.code, c.status, c.material_id, m.material_name, c.tare_weight, m.target_net_weight, m.weight_tolerance
       from cylinders c join materials m on m.id = c.material_id where c.code = $1`, [request.body.code]);
    return { code: 0, data: rows[0] ?? null };
  });

  for (const kind of Object.keys(STEP) as Kind[]) {
    const step = STEP[kind];
    app.post<{ Body: { code: string; scanId: string; materialId?: number; items?: unknown[]; grossWeight?: number } }>(`/bare/${kind}`, async (request, reply) => {
      const body = request.body;
      const client = await pool.connect();
      try {
        await client.query('begin');
        // The status guard trigger wants the transition declared; done in the locking read itself.
        const { rows } = await client.query<Locked>(
          `select c.id, c.status, c.material_id, c.tare_weight, m.target_net_weight, m.weight_tolerance,
             set_config('cylinder.transition', 'on', true)
           from cylinders c join materials m on m.id = c.material_id where c.code = $1 for update of c`, [body.code]);
        const c = rows[0];
        if (!c || c.status !== step.from) {
          await client.query('rollback');
          return reply.code(409).send({ code: -1, msg: `${body.code}: status ${c?.status ?? 'none'}` });
        }
        const trace = await client.query<{ id: string; record_id: string }>(
          `insert into cylinder_traces (cylinder_id, seq, from_status, to_status, action, operator, workstation, scan_id, record_type, record_id)
           values ($1, (select coalesce(max(seq), 0) + 1 from cylinder_traces where cylinder_id = $1), $2, $3, $4, 'bare', 'bare', $5, $6,
             nextval(pg_get_serial_sequence($7, 'id')))
           returning id, record_id`, [c.id, step.from, step.to, step.action, body.scanId, step.recordType, step.table]);
        const traceId = trace.rows[0]!.id;
        const recordId = trace.rows[0]!.record_id;
        if (kind === 'fill') {
          await client.query(
            `insert into filling_records (id, cylinder_id, trace_id, operator, workstation, material_id, lot_no, filled_weight, source)
             values ($1, $2, $3, 'bare', 'bare', $4, 'BENCH-LOT', 14.5, 'scale')`, [recordId, c.id, traceId, body.materialId]);
        } else if (kind === 'test') {
          await client.query(
            `insert into test_records (id, cylinder_id, trace_id, operator, workstation, material_id, result, items)
             values ($1, $2, $3, 'bare', 'bare', $4, 1, $5)`, [recordId, c.id, traceId, c.material_id, JSON.stringify(body.items ?? [])]);
        } else {
          const gross = body.grossWeight ?? 0;
          const tare = Number(c.tare_weight);
          const target = Number(c.target_net_weight);
          const net = Math.round((gross - tare) * 1000) / 1000;
          const deviation = Math.round((net - target) * 1000) / 1000;
          await client.query(
            `insert into weighing_records (id, cylinder_id, trace_id, operator, workstation, material_id, gross_weight, tare_weight, net_weight,
               target_net_weight, tolerance, deviation, passed, source)
             values ($1, $2, $3, 'bare', 'bare', $4, $5, $6, $7, $8, $9, $10, true, 'scale')`,
            [recordId, c.id, traceId, c.material_id, gross, tare, net, target, Number(c.weight_tolerance), deviation]);
        }
        await client.query(
          `update cylinders set status = $2, updated_at = now()${kind === 'fill' ? ', last_filled_at = now()' : ''} where id = $1`, [c.id, step.to]);
        await client.query('commit');
        return { code: 0, data: { cylinderId: c.id, toStatus: step.to, traceId: Number(traceId), recordId: Number(recordId), repeated: false } };
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
