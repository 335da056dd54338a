import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PG_INT_MAX } from '../../src/shared/api/schema';
import { buildTestApp, type TestApp } from './app-helper';

/**
 * The classes every request field must carry, checked on the OpenAPI document so they hold for routes
 * added later too: bounded text that cannot carry NUL, bounded numbers (ids inside PostgreSQL `integer`),
 * bounded arrays, real calendar dates, and a Chinese title that validation messages name the field by.
 */

interface Schema {
  $ref?: string;
  type?: string;
  title?: string;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  maxItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
}
interface Parameter { in: string; name: string; schema: Schema }
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
}
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

/** A string field whose name says it holds a date. */
const DATE_NAME = /(^date$|Date$|DateStart$|DateEnd$|On$|From$|To$|Before$|After$)/;
/** An integer field that references a row. */
const ID_NAME = /(^id$|Id$|Ids$)/;
/** Path ids where the SPEC's 0 means "all" or "none" (GET /dept/treeList/{id}, /menu/treeListByParentNo/{menuNo}/{roleId}). */
const ZERO_MEANS_ALL = new Set(['GET /api/dept/treeList/{id} path.id', 'GET /api/menu/treeListByParentNo/{menuNo}/{roleId} path.roleId']);
const CHINESE = /[\u4e00-\u9fff]/;

let t: TestApp;
let doc: OpenApi;
/** Leaf fields (text, numbers) checked, so a walk that silently skips everything fails. */
const leaves = { string: 0, number: 0, date: 0, array: 0 };

beforeAll(async () => {
  t = await buildTestApp();
  doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
});
afterAll(async () => { await t?.close(); });

/** Every problem found in one schema; `where` names the route part and the field path. */
function check(schema: Schema, where: string, name: string, problems: string[], depth = 0): void {
  if (depth > 20) return void problems.push(`${where}: nested too deep`);
  if (schema.$ref) {
    const target = doc.components?.schemas?.[schema.$ref.replace('#/components/schemas/', '')];
    if (!target) return void problems.push(`${where}: unresolved ${schema.$ref}`);
    return check(target, where, name, problems, depth + 1);
  }
  const members = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  if (members.length) {
    for (const m of members) check(m, where, name, problems, depth + 1);
    return;
  }
  // Literals (enum members, null, '') carry their own bound.
  if (schema.enum || schema.const !== undefined) return;
  switch (schema.type) {
    case 'string': {
      leaves.string++;
      if (typeof schema.maxLength !== 'number') problems.push(`${where}: string without maxLength`);
      const pattern = schema.pattern ? new RegExp(schema.pattern, 'u') : undefined;
      if (!pattern || pattern.test('a\u0000b') || pattern.test('\u0000')) problems.push(`${where}: string whose pattern does not refuse NUL`);
      const dateLike = DATE_NAME.test(name) || schema.format === 'date';
      if (dateLike) {
        leaves.date++;
        if (schema.format !== 'date') problems.push(`${where}: date without format 'date'`);
        for (const bad of ['2024-13-45', '0000-00-00', '20240101', '2024-1-1', '99999-01-01']) {
          if (pattern?.test(bad)) problems.push(`${where}: date pattern accepts ${bad}`);
        }
        if (pattern && !pattern.test('2024-02-29')) problems.push(`${where}: date pattern refuses 2024-02-29`);
      }
      return;
    }
    case 'integer':
    case 'number': {
      leaves.number++;
      const low = typeof schema.minimum === 'number' || typeof schema.exclusiveMinimum === 'number';
      const high = typeof schema.maximum === 'number' || typeof schema.exclusiveMaximum === 'number';
      if (!low || !high) problems.push(`${where}: ${schema.type} without minimum and maximum`);
      if (Math.abs(schema.maximum ?? 0) > Number.MAX_SAFE_INTEGER || Math.abs(schema.minimum ?? 0) > Number.MAX_SAFE_INTEGER) {
        problems.push(`${where}: bound outside safe integers`);
      }
      if (ID_NAME.test(name)) {
        const least = ZERO_MEANS_ALL.has(where) ? 0 : 1;
        if (schema.type !== 'integer' || (schema.minimum ?? -1) < least || (schema.maximum ?? Infinity) > PG_INT_MAX) {
          problems.push(`${where}: id not an integer in 1..${PG_INT_MAX}`);
        }
      }
      return;
    }
    case 'boolean':
    case 'null':
      return;
    case 'array':
      leaves.array++;
      if (typeof schema.maxItems !== 'number') problems.push(`${where}: array without maxItems`);
      if (!schema.items) return void problems.push(`${where}: array without items`);
      return check(schema.items, `${where}[]`, name, problems, depth + 1);
    case 'object': {
      const props = Object.entries(schema.properties ?? {});
      if (!props.length && schema.additionalProperties !== false) problems.push(`${where}: object without declared properties`);
      if (schema.additionalProperties) problems.push(`${where}: object open to any property`);
      for (const [key, prop] of props) {
        const title = titleOf(prop);
        if (!title || !CHINESE.test(title)) problems.push(`${where}.${key}: property without a Chinese title`);
        check(prop, `${where}.${key}`, key, problems, depth + 1);
      }
      return;
    }
    default:
      problems.push(`${where}: schema without a type (${JSON.stringify(schema).slice(0, 80)})`);
  }
}

function titleOf(schema: Schema): string | undefined {
  if (schema.title) return schema.title;
  if (schema.$ref) {
    const target = doc.components?.schemas?.[schema.$ref.replace('#/components/schemas/', '')];
    return target ? titleOf(target) : undefined;
  }
  return undefined;
}

function operations(): Array<{ route: string; op: Operation }> {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ route: `${method.toUpperCase()} ${path}`, op })));
}

describe('request schemas of every route', () => {
  it('documents the routes', () => {
    // A sanity floor: the walk below must have something to walk.
    expect(operations().length).toBeGreaterThan(50);
    expect(operations().filter(({ op }) => op.requestBody || op.parameters?.length).length).toBeGreaterThan(40);
  });

  it('bounds every field, refuses NUL, checks dates and titles every field in Chinese', () => {
    const problems: string[] = [];
    for (const { route, op } of operations()) {
      for (const p of op.parameters ?? []) {
        if (p.in === 'header') continue;
        const where = `${route} ${p.in}.${p.name}`;
        const title = titleOf(p.schema);
        if (!title || !CHINESE.test(title)) problems.push(`${where}: parameter without a Chinese title`);
        check(p.schema, where, p.name, problems);
      }
      for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) {
        if (type === 'multipart/form-data' && !media.schema) continue;
        if (!media.schema) {
          problems.push(`${route} body (${type}): no schema`);
          continue;
        }
        check(media.schema, `${route} body`, '', problems);
      }
    }
    expect(problems).toEqual([]);
    expect(leaves.string).toBeGreaterThan(80);
    expect(leaves.number).toBeGreaterThan(40);
    expect(leaves.date).toBeGreaterThan(10);
    expect(leaves.array).toBeGreaterThan(2);
  });

  it('walks nested objects, arrays and unions (the checker itself fails on a bad field)', () => {
    const problems: string[] = [];
    check({
      type: 'object',
      properties: {
        free: { title: '自由文本', type: 'string' },
        untitled: { type: 'integer', minimum: 1, maximum: 2 },
        list: { title: '列表', type: 'array', items: { type: 'integer', minimum: 0, maximum: 1 } },
        checkedOn: { title: '日期', anyOf: [{ type: 'string', maxLength: 10, pattern: '^.*$' }, { type: 'object', enum: [null] }] },
        ownerId: { title: '单位', type: 'integer', minimum: 0, maximum: 2 ** 40 },
      },
    }, 'sample', '', problems);
    expect(problems).toEqual([
      'sample.free: string without maxLength',
      'sample.free: string whose pattern does not refuse NUL',
      'sample.untitled: property without a Chinese title',
      'sample.list: array without maxItems',
      'sample.checkedOn: string whose pattern does not refuse NUL',
      "sample.checkedOn: date without format 'date'",
      'sample.checkedOn: date pattern accepts 2024-13-45',
      'sample.checkedOn: date pattern accepts 0000-00-00',
      'sample.checkedOn: date pattern accepts 20240101',
      'sample.checkedOn: date pattern accepts 2024-1-1',
      'sample.checkedOn: date pattern accepts 99999-01-01',
      'sample.ownerId: id not an integer in 1..2147483647',
    ]);
  });
});
