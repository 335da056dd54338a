import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '../../src/shared/api/endpoint';
import { SERVER_MODULES } from '../../src/server/modules';
import { buildTestApp, type TestApp } from './app-helper';

/**
 * The server's modules talk through their public surface only: another module imports a module's index.ts and
 * nothing else of it, the modules depend on each other one way (no cycle), every module folder is in the one list
 * the app registers (modules/index.ts), and every endpoint the contract declares (src/shared/api) is served.
 * The layers below the modules (lib/, plugins/, db/, …) import no module: app.ts alone wires modules in. Only a
 * route file sees a request, and every statement sent to the database is written in a repository or queries file.
 */
const SERVER = resolve(__dirname, '../../src/server');
const MODULES = join(SERVER, 'modules');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.ts$/.test(name) && !name.endsWith('.test.ts') ? [path] : [];
  });
}

/** A module's folder name for a path inside modules/, else null. */
const moduleOf = (path: string): string | null => {
  const rel = relative(MODULES, path);
  return rel.startsWith('..') || !rel.includes('/') ? null : rel.split('/')[0]!;
};

/** Relative imports of a file (static, side-effect and dynamic), resolved to absolute paths without extension. */
const importsOf = (file: string): string[] => [...readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)]
  .map((m) => resolve(dirname(file), m[1]!).replace(/\.(ts|js)$/, ''));

const files = sources(SERVER);
const short = (file: string) => relative(SERVER, file);

/** The composition root: builds the app from the plugins and the modules, handing the plugins what modules provide. */
const COMPOSITION_ROOT = join(SERVER, 'app.ts');

/** Modules below the server root a file imports (any file outside modules/ but the composition root must have none). */
const moduleImportsOf = (file: string): string[] =>
  importsOf(file).filter((target) => !relative(MODULES, target).startsWith('..')).map((target) => `${short(file)} → ${short(target)}`);

/** lib/ files that read a request: a module's non-route file may import their types, never their functions. */
const REQUEST_READERS = ['lib/access', 'lib/endpoint', 'lib/kept-scans'].map((p) => join(SERVER, p));

/** Where a non-route module file reaches a request: a request type named, or a value imported from a request reader. */
function requestUses(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found = [...new Set(text.match(/\b(FastifyRequest|FastifyReply|EndpointRequest|EndpointHandler)\b/g) ?? [])];
  for (const m of text.matchAll(/import\s+(type\s+)?(\*\s+as\s+\w+|\{[^}]*\}|\w+)\s+from\s+'(\.{1,2}\/[^']+)'/g)) {
    const target = resolve(dirname(file), m[3]!).replace(/\.(ts|js)$/, '');
    if (m[1] || !REQUEST_READERS.includes(target)) continue;
    const names = m[2]!.startsWith('{') ? m[2]!.slice(1, -1).split(',').map((n) => n.trim()).filter(Boolean) : [m[2]!];
    found.push(...names.filter((n) => !n.startsWith('type ')).map((n) => `${n} from ${short(target)}`));
  }
  return found;
}

/**
 * A statement sent to the database: a Kysely query builder started, the sql tag (imported or used), a compiled query
 * run. Written in a repository or queries file (or a *.sql.ts of SQL pieces), never in a service, a route or lib/.
 */
const QUERY_SITE = [
  /\.(selectFrom|insertInto|updateTable|deleteFrom|mergeInto|replaceInto|selectNoFrom)\s*\(/,
  /\.with(Recursive)?\s*\(\s*'/,
  /\bsql\s*(<[^`;]*>)?\s*`/,
  /\bsql\.(raw|lit|ref|id|table|join|val|value)\s*\(/,
  /import\s*\{[^}]*\bsql\b[^}]*\}\s*from\s*'kysely'/,
  /\.executeQuery\s*\(|\bCompiledQuery\.raw\s*\(/,
];
const QUERY_FILE = /\.(repository|queries|sql)\.ts$/;

/** Files below the modules that do send SQL of their own, each with why it is not a repository's. */
const QUERY_SITES_ALLOWED: Record<string, string> = {
  'db/migrations/': 'schema changes are SQL by nature, run once per database',
  'db/seed.ts': 'the first rows of a new database',
  'db/database.ts': 'the server version check when the pool opens',
  'db/transaction.ts': "a transaction's own lock and statement timeouts, set as it begins",
  'db/precompiled.ts': 'runs the statements repositories compiled once (the per-request access check)',
  'lib/change-bus.ts': "pg_notify on the bus's own channel, no table",
  'lib/paging.ts': 'counts and pages a query a repository built',
  'lib/sql.ts': 'the SQL pieces repositories compose (dates as the API sends them, 产权单位)',
};
const allowedBy = (file: string) => Object.keys(QUERY_SITES_ALLOWED).find((p) => (p.endsWith('/') ? short(file).startsWith(p) : short(file) === p));
const hasQuerySite = (file: string) => QUERY_SITE.some((re) => re.test(readFileSync(file, 'utf8')));

/**
 * Who owns a table: the one module whose files may name it in a query (Kysely selectFrom / insertInto / updateTable /
 * deleteFrom / joins, or FROM / JOIN / INTO / UPDATE in raw SQL). Every table of the cylinder's life cycle belongs
 * to the cylinder module: another module asks it through modules/cylinder/index.ts (latestFillOf, fillsOfLots,
 * dailyCounts, …) and never names the table. Tables not in the map (reference data: materials, enterprises,
 * warehouses, users, storage_orders, …) are read by whoever needs them for now.
 */
const TABLE_OWNER: Record<string, string> = {
  // The register of cylinders belongs to the cylinder module: the engine alone moves a cylinder's status and place.
  cylinders: 'cylinder',
  cylinder_traces: 'cylinder', trace_notes: 'cylinder', cylinder_removals: 'cylinder', lifecycle_scans: 'cylinder',
  trace_daily: 'cylinder', outbound_events: 'cylinder',
  cylinder_status_counts: 'cylinder', cylinder_place_counts: 'cylinder', cylinder_customer_counts: 'cylinder', cylinder_due_counts: 'cylinder',
  filling_records: 'cylinder', test_records: 'cylinder', weighing_records: 'cylinder', vacuum_records: 'cylinder',
  analysis_records: 'cylinder', recovery_records: 'cylinder', fill_interruptions: 'cylinder',
  // Written by the storage transitions (the engine records the item of a scan, a removal reverts it); the storage
  // module reads it through the cylinder module (orderItemCount, standingItems, lastOrderOf).
  storage_order_items: 'cylinder',
  // The outbox (migration 0031): written by triggers, numbered and read by the integration module only.
  outbox_events: 'integration', outbox_state: 'integration',
  // 接口密钥 (migrations 0032, 0034): keys and the per-key rate limit's windows are the apiKey module's.
  api_keys: 'apiKey', api_key_rate_windows: 'apiKey',
  // 运输车辆, 驾驶员与押运员 (migration 0035): the transport module's; an outbound order reads them through its index.
  vehicles: 'transport', crew_members: 'transport',
  // 客户盘点 (migration 0038): counts, their lines and the runs of missed audits are the audit module's.
  audits: 'audit', audit_codes: 'audit', audit_lines: 'audit', audit_misses: 'audit',
  // 瓶装液化气实名制 (migration 0039): household users, checks, hazards and deliveries are the household module's; the
  // public page reads a cylinder's last delivery through its index.
  household_users: 'household', household_reveals: 'household', household_check_items: 'household', household_checks: 'household',
  household_check_results: 'household', household_check_photos: 'household', household_hazards: 'household', household_deliveries: 'household',
  // 车次 (migration 0037): the trip module's; the cylinder module's ship loads trip_cylinders (see FOREIGN_USES_ALLOWED).
  trips: 'trip', trip_stops: 'trip', trip_cylinders: 'trip', trip_pickups: 'trip',
};

/**
 * The foreign uses still allowed, `module read|write table`, each with why: reads of the `cylinders` register only,
 * where another module's list or report joins it for a cylinder's code, gas and dates (moving each list behind the
 * cylinder module would move the screen with it). Nothing outside the cylinder module writes a cylinder: the register's
 * rows and master data are written through it (register.repository.ts), a status only by the engine.
 */
const FOREIGN_USES_ALLOWED: Record<string, string> = {
  'backup read cylinder_traces': "a backup is proved by its newest trace event, read from a scratch cluster or the data folder being restored, outside the app's pool",
  'dataSource read cylinders': "a document's or label's cylinder fields (code, specification, dates)",
  'message read cylinders': 'the alert run lists the cylinders an alert is about',
  'periodicInspection read cylinders': 'the cylinders due for or under periodic inspection',
  'product read cylinders': "the register's own lists (气瓶档案, 报废清单)",
  'qrPage read cylinders': "the public page of a cylinder's QR code",
  'storage read cylinders': "the storage lists' cylinder code and specification",
  'portal read storage_order_items': "the portal's deliveries count the cylinders each order carried",
  'trip read cylinders': "a trip's manifest, reconciliation and receipt list its cylinders' codes, gas and specification",
  'trip read vehicles': "a trip's row names its vehicle's plate",
  'trip read crew_members': "a trip's row names its driver and escort",
  'cylinder write trip_cylinders': "出库 of an order on a trip loads each cylinder onto the trip's vehicle in the shipment's own transaction (the trip module settles the row)",
  'cylinder read trip_stops': "出库 onto a trip finds the stop of the order's customer",
  'cylinder read trips': "the place of a cylinder on a vehicle names its trip (车次号), and a refused recovery names it",
  'cylinder read vehicles': "the place of a cylinder on a vehicle names the vehicle's plate",
};

/** A file's text without comments (a comment may say "from trace_daily" without reading it). */
const code = (file: string) => readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

const KYSELY_TABLE = /\.(selectFrom|insertInto|updateTable|deleteFrom|mergeInto|innerJoin|leftJoin|rightJoin|fullJoin|innerJoinLateral|leftJoinLateral)\s*\(\s*'(\w+)/g;
const SQL_TABLE = /\b(from|join|into|update)\s+(\w+)/gi;
const WRITES = /^(insertInto|updateTable|deleteFrom|mergeInto|into|update)$/i;

/** Each use of an owned table in a file: `module read|write table`. */
function tableUses(file: string, text = code(file)): string[] {
  const own = moduleOf(file);
  const found = new Set<string>();
  for (const re of [KYSELY_TABLE, SQL_TABLE]) {
    for (const m of text.matchAll(re)) {
      const table = m[2]!;
      if (!(table in TABLE_OWNER)) continue;
      found.add(`${own} ${WRITES.test(m[1]!) ? 'write' : 'read'} ${table}`);
    }
  }
  return [...found];
}

/** A cylinder's status (alias c, as every query names the register) compared with a bare number, in SQL or Kysely. */
const BARE_STATUS = [/\bc\.status\s*(?:=|<>|!=)\s*\d+/g, /\bc\.status\s+(?:not\s+)?in\s*\(\s*\d+/gi, /'c\.status',\s*'[^']+',\s*\[?\s*\d+/g];
const bareStatuses = (text: string): string[] => BARE_STATUS.flatMap((re) => [...text.matchAll(re)].map((m) => m[0]));

describe('module boundaries', () => {
  it("no file reaches into another module: it imports that module's index only", () => {
    const reaching: string[] = [];
    for (const file of files) {
      const own = moduleOf(file);
      for (const target of importsOf(file)) {
        const other = moduleOf(`${target}.ts`) ?? moduleOf(join(target, 'index.ts'));
        if (!other || other === own) continue;
        if (target !== join(MODULES, other) && target !== join(MODULES, other, 'index')) {
          reaching.push(`${relative(SERVER, file)} → ${relative(SERVER, target)}`);
        }
      }
    }
    expect(reaching).toEqual([]);
  });

  it('the modules depend on each other one way: no cycle', () => {
    const edges = new Map<string, Set<string>>();
    for (const file of files) {
      const own = moduleOf(file);
      if (!own) continue;
      for (const target of importsOf(file)) {
        const other = moduleOf(join(target, 'index.ts'));
        if (other && other !== own) edges.set(own, (edges.get(own) ?? new Set()).add(other));
      }
    }
    const cycles: string[] = [];
    const visit = (node: string, path: string[]) => {
      if (path.includes(node)) {
        cycles.push([...path.slice(path.indexOf(node)), node].join(' → '));
        return;
      }
      for (const next of edges.get(node) ?? []) visit(next, [...path, node]);
    };
    for (const node of edges.keys()) visit(node, []);
    expect(cycles).toEqual([]);
  });

  it('lib/, plugins/, db/ and every other file outside modules/ import no module: app.ts alone wires modules in', () => {
    const upward = files.filter((f) => !f.startsWith(`${MODULES}/`) && f !== COMPOSITION_ROOT).flatMap(moduleImportsOf);
    expect(upward).toEqual([]);
    // The rule looks at what it should: app.ts does import modules, and lib/, plugins/ and db/ are scanned.
    expect(moduleImportsOf(COMPOSITION_ROOT).length).toBeGreaterThan(0);
    for (const layer of ['lib/', 'plugins/', 'db/']) expect(files.some((f) => short(f).startsWith(layer))).toBe(true);
  });

  it("only a module's route files see a request: services and repositories take plain values (database, actor, permission check)", () => {
    const seeing = files.filter((f) => f.startsWith(`${MODULES}/`) && !f.endsWith('.routes.ts'))
      .flatMap((f) => requestUses(f).map((use) => `${short(f)}: ${use}`));
    expect(seeing).toEqual([]);
    // The scan finds what it looks for: the route files do use them.
    expect(requestUses(join(MODULES, 'storage/storage.routes.ts'))).toContain('actorOf from lib/access');
  });

  it('nothing on the server calls its own routes through inject (重新扫描 runs the recorded call directly)', () => {
    const injecting = files.filter((f) => /\.inject\s*\(/.test(readFileSync(f, 'utf8'))).map(short);
    expect(injecting).toEqual([]);
  });

  it('every query lives in a repository or queries file (the few lower-layer exceptions listed with their reason)', () => {
    const stray = files.filter((f) => !QUERY_FILE.test(f) && !allowedBy(f) && hasQuerySite(f)).map(short);
    expect(stray).toEqual([]);
    // Every exception is still needed (a stale one would let a new query in unseen), and repositories are scanned.
    const unused = Object.keys(QUERY_SITES_ALLOWED).filter((p) => !files.some((f) => allowedBy(f) === p && hasQuerySite(f)));
    expect(unused).toEqual([]);
    expect(files.filter((f) => QUERY_FILE.test(f) && hasQuerySite(f)).length).toBeGreaterThan(40);
  });

  it('a table is named in queries by its owning module only (the life cycle\'s tables by the cylinder module)', () => {
    const foreign = files.filter((f) => f.startsWith(`${MODULES}/`)).flatMap((f) => tableUses(f)
      .filter((use) => { const [mod, , table] = use.split(' '); return TABLE_OWNER[table!] !== mod && !(use in FOREIGN_USES_ALLOWED); })
      .map((use) => `${short(f)}: ${use}`));
    expect(foreign).toEqual([]);
    // Every exception is still used, and the scan sees what it looks for (Kysely and raw SQL alike).
    const used = new Set(files.filter((f) => f.startsWith(`${MODULES}/`)).flatMap((f) => tableUses(f)));
    expect(Object.keys(FOREIGN_USES_ALLOWED).filter((use) => !used.has(use))).toEqual([]);
    expect(tableUses(join(MODULES, 'x/a.queries.ts'), "db.selectFrom('filling_records as f').leftJoin('test_records as t', 'a', 'b')"))
      .toEqual(['x read filling_records', 'x read test_records']);
    expect(tableUses(join(MODULES, 'x/a.queries.ts'), 'sql`SELECT 1 FROM trace_daily d JOIN cylinders c ON true`; sql`UPDATE cylinder_traces SET x = 1`'))
      .toEqual(['x read trace_daily', 'x read cylinders', 'x write cylinder_traces']);
  });

  it("a cylinder's status is written in SQL by its name from src/shared (STATUS), never as a bare number", () => {
    const bare = files.filter((f) => f.startsWith(`${MODULES}/`)).flatMap((f) => bareStatuses(code(f)).map((b) => `${short(f)}: ${b}`));
    expect(bare).toEqual([]);
    expect(bareStatuses("sql`where c.status = 9 and c.status in (8, 9)`; q.where('c.status', 'in', [3, 4])"))
      .toEqual(['c.status = 9', 'c.status in (8', "'c.status', 'in', [3"]);
    expect(bareStatuses("sql`where c.status = ${sql.lit(STATUS.outbound)}`; q.where('c.status', '=', STATUS.scrap)")).toEqual([]);
  });

  it('every module folder is listed once in modules/index.ts', () => {
    const folders = readdirSync(MODULES).filter((name) => statSync(join(MODULES, name)).isDirectory()).sort();
    const listed = SERVER_MODULES.map((m) => m.name);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual(folders);
  });
});

describe('every declared endpoint is served', () => {
  let t: TestApp;
  beforeAll(async () => { t = await buildTestApp(); });
  afterAll(async () => { await t?.close(); });

  it('each endpoint of src/shared/api has its route (a module left out of the list fails here)', async () => {
    const api = join(__dirname, '../../src/shared/api');
    const declared: Endpoint[] = [];
    for (const name of readdirSync(api).filter((n) => n.endsWith('.ts'))) {
      const exports = await import(join(api, name)) as Record<string, unknown>;
      for (const value of Object.values(exports)) {
        if (!value || typeof value !== 'object') continue;
        for (const e of Object.values(value as Record<string, unknown>)) {
          const candidate = e as Partial<Endpoint> | null;
          if (candidate && typeof candidate === 'object' && typeof candidate.path === 'string' && candidate.path.startsWith('/api/')
            && (candidate.method === 'GET' || candidate.method === 'POST')) declared.push(candidate as Endpoint);
        }
      }
    }
    expect(declared.length).toBeGreaterThan(140);
    const missing = declared.filter((e) => !t.app.hasRoute({ method: e.method, url: e.path })).map((e) => `${e.method} ${e.path}`);
    expect(missing).toEqual([]);
  });
});
