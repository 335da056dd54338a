import { Ajv, type Options } from 'ajv';
import addFormatsPlugin from 'ajv-formats';
import fastUri from 'fast-uri';
import type { FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
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
  return ajv;
}

/**
 * Query strings, path parameters and headers are text, so they are converted to the schema's types
 * ('7' → 7). A JSON body already carries types: it is checked as sent, so `null` stays null instead of
 * becoming 0 or '', and '14.5' where a number belongs is refused rather than guessed.
 */
export function requestValidatorCompiler(): FastifySchemaCompiler<unknown> {
  const asSent = makeAjv(false);
  const fromText = makeAjv('array');
  return ({ schema, httpPart }) => (httpPart === 'body' ? asSent : fromText).compile(schema as object);
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
    check = bodies.compile(schema);
    compiledBodies.set(schema, check);
  }
  return check(body) ? null : validationMessage((check.errors ?? []) as FastifySchemaValidationError[], 'body', schema);
}
