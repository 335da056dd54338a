import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '../../src/shared/api/endpoint';
import { SERVER_MODULES } from '../../src/server/modules';
import { buildTestApp, type TestApp } from './app-helper';

/**
 * The server's modules talk through their public surface only: another module, a plugin or lib/ imports a
 * module's index.ts and nothing else of it, the modules depend on each other one way (no cycle), every
 * module folder is in the one list the app registers (modules/index.ts), and every endpoint the contract
 * declares (src/shared/api) is served.
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

/** Relative imports of a file, resolved to absolute paths without extension. */
const importsOf = (file: string): string[] => [...readFileSync(file, 'utf8').matchAll(/(?:from|import)\s+'(\.{1,2}\/[^']+)'/g)]
  .map((m) => resolve(dirname(file), m[1]!).replace(/\.(ts|js)$/, ''));

const files = sources(SERVER);

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
