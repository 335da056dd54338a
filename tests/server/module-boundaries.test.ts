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
