import { Ajv, type Options } from 'ajv';
import addFormatsPlugin from 'ajv-formats';
import fastUri from 'fast-uri';
import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import { DATE_TIME_FORMAT, isRealDateTime } from '@shared/api/schema';
import { validationMessage } from './validation-message';

// Fastify's own defaults, except that type coercion is decided per part of the request.
const BASE: Options = {
  useDefaults: true,
  removeAdditional: true,
  uriResolver: fastUri,
  addUsedSchema: false,
  // allErrors would let a crafted body make validation very expensive.
  allErrors: false,
};

// ajv-formats is a CommonJS module whose default export arrives wrapped under some ESM loaders.
const addFormats = ((addFormatsPlugin as unknown as { default?: typeof addFormatsPlugin }).default ?? addFormatsPlugin);

function makeAjv(coerceTypes: Options['coerceTypes']): Ajv {
  const ajv = new Ajv({ ...BASE, coerceTypes });
  addFormats(ajv);
  ajv.addFormat(DATE_TIME_FORMAT, { type: 'string', validate: isRealDateTime });
  return ajv;
}

/** Text a date-time field takes, in the shapes our schemas use: one of them passing a pattern marks a date-time field. */
const DATE_TIME_SAMPLES = ['2024-01-02 03:04', '2024-01-02 03:04:05', '2024-01-02T03:04', '2024-01-02T03:04:05Z', '2024-01-02T03:04:05.678+08:00'];
const takesDateTimes = new Map<string, boolean>();

/** Whether a pattern is a date-time field's: it takes one of the samples and refuses plain text. */
function isDateTimePattern(pattern: string): boolean {
  let known = takesDateTimes.get(pattern);
  if (known === undefined) {
    const re = new RegExp(pattern, 'u');
    known = !re.test('x') && DATE_TIME_SAMPLES.some((sample) => re.test(sample));
    takesDateTimes.set(pattern, known);
  }
  return known;
}

type Node = Record<string, unknown>;

/**
 * The schema with DATE_TIME_FORMAT on every text field whose pattern takes a date and time and that names no format
 * of its own (a copy where anything changes; the route's schema itself, which the OpenAPI document shows, is left
 * as declared). A pattern can check the shape of a time but not that 2025-02-29 or 25:61 does not exist: without the
 * format such a value reached PostgreSQL and was refused there.
 */
export function withDateTimeFormats<T>(schema: T, depth = 0): T {
  if (!schema || typeof schema !== 'object' || depth > 64) return schema;
  if (Array.isArray(schema)) {
    const items = schema.map((item: unknown) => withDateTimeFormats(item, depth + 1));
    return (items.some((item, i) => item !== schema[i]) ? items : schema) as T;
  }
  const node = schema as Node;
  if (node.type === 'string' && node.format === undefined && typeof node.pattern === 'string' && isDateTimePattern(node.pattern)) {
    return { ...node, format: DATE_TIME_FORMAT } as T;
  }
  let copy: Node | undefined;
  for (const key of ['properties', 'items', 'anyOf', 'allOf', 'oneOf', 'additionalProperties']) {
    const child = node[key];
    if (!child || typeof child !== 'object') continue;
    // `properties` is a map of schemas, not a schema.
    const next = key === 'properties' ? eachValue(child as Node, depth + 1) : withDateTimeFormats(child, depth + 1);
    if (next !== child) (copy ??= { ...node })[key] = next;
  }
  return (copy ?? node) as T;
}

function eachValue(map: Node, depth: number): Node {
  let copy: Node | undefined;
  for (const [name, schema] of Object.entries(map)) {
    const next = withDateTimeFormats(schema, depth);
    if (next !== schema) (copy ??= { ...map })[name] = next;
  }
  return copy ?? map;
}

/**
 * Query strings, path parameters and headers are text, so they are converted to the schema's types
 * ('7' → 7). A JSON body already carries types: it is checked as sent, so `null` stays null instead of
 * becoming 0 or '', and '14.5' where a number belongs is refused rather than guessed.
 */
export function requestValidatorCompiler(): FastifySchemaCompiler<unknown> {
  const asSent = makeAjv(false);
  const fromText = makeAjv('array');
  return ({ schema, httpPart }) => (httpPart === 'body' ? asSent : fromText).compile(withDateTimeFormats(schema as object));
}

const bodies = makeAjv(false);
const compiledBodies = new WeakMap<object, ReturnType<Ajv['compile']>>();

/**
 * Checks a body kept earlier against a route's body schema as the route itself would (a call run again without
 * HTTP: 重新扫描): the refusal in the route's words, or null (extra properties removed, defaults applied).
 */
export function bodyProblem(schema: object, body: unknown): string | null {
  let check = compiledBodies.get(schema);
  if (!check) {
    check = bodies.compile(withDateTimeFormats(schema));
    compiledBodies.set(schema, check);
  }
  return check(body) ? null : validationMessage((check.errors ?? []) as FastifySchemaValidationError[], 'body', schema);
}
