import type { Static, TObject, TSchema } from '@sinclair/typebox';
import { DATE_TIME_FORMAT, isRealDateTime } from '@shared/api/schema';
import type { FieldRule, FormField } from './types';

/**
 * A form field's limits read from the shared request schema the server validates with, so the form and the
 * server cannot drift apart (issue 32). The rules carry no message: the kit words each one (请输入…,
 * …长度不能超过 N 个字符, …格式不正确, …不能大于 N), naming the field by its label.
 */
export interface SchemaOptions {
  /** The message for the schema's pattern (the kit's …格式不正确 otherwise), e.g. what the format is. */
  patternMessage?: string;
  /** The message for the schema's least length above one (the kit's …长度不能少于 N 个字符 otherwise). */
  minLengthMessage?: string;
  /** Overrides the schema: true where the form asks for what the body may leave out, false the other way. */
  required?: boolean;
  /** Rules of the form's own (cross-field, UI only), checked after the schema's. */
  also?: FieldRule[];
}

/** What `fromSchema` gives a field: spread it into the field declaration. */
export type SchemaLimits = Pick<FormField, 'rules' | 'maxLength' | 'min' | 'max' | 'decimal'> & { rules: FieldRule[] };

type Node = TSchema & {
  type?: string;
  anyOf?: Node[];
  allOf?: Node[];
  const?: unknown;
  properties?: Record<string, Node>;
  required?: string[];
};

/** The dates the server refuses although their pattern fits (2025-02-30): formats the plant's validator knows. */
const REAL_DATE_FORMATS = ['date', DATE_TIME_FORMAT];

/** The property `key` of an object schema (or of the objects an intersection or composite joins), and whether it is required. */
function propertyOf(schema: Node, key: string): { node: Node; required: boolean } | null {
  const own = schema.properties?.[key];
  if (own) return { node: own, required: schema.required?.includes(key) ?? false };
  for (const part of schema.allOf ?? []) {
    const found = propertyOf(part, key);
    if (found) return found;
  }
  return null;
}

/** The value-carrying member of an optional union (`Str | null | ''`), and whether the union lets the field stay empty. */
function unwrap(node: Node): { node: Node; emptyAllowed: boolean } {
  if (!node.anyOf) return { node, emptyAllowed: false };
  const members = node.anyOf;
  const empty = (m: Node) => m.type === 'null' || m.const === '';
  const values = members.filter((m) => !empty(m));
  // A choice of literals (Flag, OneOf) carries no limit a form states: it offers the choices.
  const single = values.length === 1 ? values[0]! : { type: undefined };
  return { node: single as Node, emptyAllowed: values.length < members.length };
}

/** The kit's limits for `key` of a shared request schema: required, text length, pattern, real dates, number bounds. */
export function fromSchema<S extends TObject>(schema: S, key: keyof Static<S> & string, options: SchemaOptions = {}): SchemaLimits {
  const found = propertyOf(schema, key);
  if (!found) throw new Error(`fromSchema: the schema has no field ${key}`);
  const { node, emptyAllowed } = unwrap(found.node);
  const limits: SchemaLimits = { rules: [] };
  const s = node;
  const minLength = typeof s.minLength === 'number' ? s.minLength : 0;
  // A list the body needs items in (minItems) is required; the kit words item counts as text lengths, so no other rule.
  const required = options.required ?? (found.required && !emptyAllowed && (s.type !== 'array' || (typeof s.minItems === 'number' && s.minItems > 0)));
  if (required) limits.rules.push({ required: true });

  if (s.type === 'string') {
    // One character is what `required` already asks for; a longer least length is a rule of its own.
    if (minLength > 1) limits.rules.push({ min: minLength, ...(options.minLengthMessage ? { message: options.minLengthMessage } : {}) });
    if (typeof s.maxLength === 'number') {
      limits.maxLength = s.maxLength;
      limits.rules.push({ max: s.maxLength });
    }
    if (typeof s.pattern === 'string') {
      limits.rules.push({ pattern: new RegExp(s.pattern, 'u'), ...(options.patternMessage ? { message: options.patternMessage } : {}) });
    }
    if (typeof s.format === 'string' && REAL_DATE_FORMATS.includes(s.format)) {
      limits.rules.push({ test: isRealDateTime, ...(options.patternMessage ? { message: options.patternMessage } : {}) });
    }
  } else if (s.type === 'integer' || s.type === 'number') {
    if (typeof s.minimum === 'number') limits.min = s.minimum;
    if (typeof s.maximum === 'number') limits.max = s.maximum;
    if (s.type === 'integer') limits.decimal = 0;
  }
  limits.rules.push(...(options.also ?? []));
  return limits;
}

/** Only the rules of `fromSchema` (a field whose bounds the form states otherwise). */
export const rulesFrom = <S extends TObject>(schema: S, key: keyof Static<S> & string, options?: SchemaOptions): FieldRule[] =>
  fromSchema(schema, key, options).rules;
