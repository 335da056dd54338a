import type { FastifySchemaValidationError } from 'fastify';
import { DATE_PATTERN, DATE_TIME_FORMAT, DATE_TIME_PATTERN, NO_NUL_PATTERN, YEARS } from '@shared/api/schema';

const TYPE_NAMES: Record<string, string> = {
  string: '文本', integer: '整数', number: '数字', boolean: '是/否', array: '列表', object: '对象', null: '空值',
};
const PART_NAMES: Record<string, string> = { body: '请求内容', querystring: '查询参数', params: '路径参数', headers: '请求头' };

interface Schema {
  title?: string;
  type?: string;
  pattern?: string;
  format?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  allOf?: Schema[];
}

/** The member of a union that describes objects or arrays, to walk into. */
function container(schema: Schema | undefined): Schema | undefined {
  if (!schema) return undefined;
  if (schema.properties || schema.items) return schema;
  return [...(schema.anyOf ?? []), ...(schema.allOf ?? [])].map(container).find(Boolean);
}

const titleOf = (schema: Schema | undefined): string | undefined =>
  schema?.title ?? schema?.anyOf?.map((s) => s.title).find(Boolean);

/** The schema at a path and the words that name it: titles of properties, 第 N 项 for array items. */
function locate(root: Schema | undefined, segments: string[]): { schema: Schema | undefined; words: string[] } {
  let schema = root;
  const words: string[] = [];
  for (const segment of segments) {
    const node = container(schema);
    if (node?.items && /^\d+$/.test(segment)) {
      schema = node.items;
      words.push(`第 ${Number(segment) + 1} 项`);
    } else {
      schema = node?.properties?.[segment];
      words.push(titleOf(schema) ?? segment);
    }
  }
  return { schema, words };
}

/** A date field, or a union holding one (an optional date that may be cleared). */
function isDate(schema: Schema | undefined): boolean {
  if (!schema) return false;
  return schema.format === 'date' || schema.pattern === DATE_PATTERN || (schema.anyOf ?? []).some(isDate);
}

/** A date-time field (DATE_TIME_FORMAT, or a union holding one). */
function isDateTime(schema: Schema | undefined): boolean {
  if (!schema) return false;
  return schema.format === DATE_TIME_FORMAT || schema.pattern === DATE_TIME_PATTERN || (schema.anyOf ?? []).some(isDateTime);
}

/** Keywords by which a date field refuses text that is not a date: all read as one reason. */
const DATE_SHAPE = new Set(['minLength', 'maxLength', 'pattern', 'format']);
const NOT_A_DATE_TIME = `不是有效时间（${YEARS.min}–${YEARS.max} 年内真实存在的日期和时刻）`;

function reasonOf(error: FastifySchemaValidationError, schema: Schema | undefined): string {
  const p = error.params;
  if (error.keyword === 'format' && p.format === DATE_TIME_FORMAT) return NOT_A_DATE_TIME;
  if (DATE_SHAPE.has(error.keyword) && p.pattern !== NO_NUL_PATTERN && isDateTime(schema)) return NOT_A_DATE_TIME;
  if (DATE_SHAPE.has(error.keyword) && p.pattern !== NO_NUL_PATTERN && isDate(schema)) return '不是有效日期（yyyy-MM-dd）';
  switch (error.keyword) {
    case 'required':
      return '不能为空';
    case 'minLength':
      return p.limit === 1 ? '不能为空' : `长度不能少于 ${String(p.limit)} 个字符`;
    case 'maxLength':
      return `长度不能超过 ${String(p.limit)} 个字符`;
    case 'minimum':
      return `不能小于 ${String(p.limit)}`;
    case 'maximum':
      return `不能大于 ${String(p.limit)}`;
    case 'exclusiveMinimum':
      return `必须大于 ${String(p.limit)}`;
    case 'exclusiveMaximum':
      return `必须小于 ${String(p.limit)}`;
    case 'minItems':
      return `至少需要 ${String(p.limit)} 项`;
    case 'maxItems':
      return `不能超过 ${String(p.limit)} 项`;
    case 'type':
      return `类型错误，应为${TYPE_NAMES[String(p.type)] ?? String(p.type)}`;
    case 'pattern':
      if (p.pattern === NO_NUL_PATTERN) return '不能包含空字符（U+0000）';
      return p.pattern === DATE_PATTERN || isDate(schema) ? '不是有效日期（yyyy-MM-dd）' : '格式不正确';
    case 'format':
      return p.format === 'date' ? '不是有效日期（yyyy-MM-dd）' : '格式不正确';
    case 'additionalProperties':
      return '是不允许的字段';
    default:
      return '取值无效';
  }
}

/**
 * `参数错误：<field><reason>` for the first schema violation, the field named by its Chinese title
 * (`title` of the request schema) rather than its key, so the message reads right to the person.
 */
export function validationMessage(errors: FastifySchemaValidationError[], context: string, root?: unknown): string {
  const first = errors[0];
  if (!first) return '参数错误';
  const segments = first.instancePath.split('/').filter(Boolean);
  const params = first.params;
  const extra = first.keyword === 'required' ? params.missingProperty : first.keyword === 'additionalProperties' ? params.additionalProperty : undefined;
  if (typeof extra === 'string') segments.push(extra);
  const { schema, words } = locate(root as Schema | undefined, segments);
  const field = words.length ? words.join(' ') : (PART_NAMES[context] ?? context);
  return `参数错误：${field}${reasonOf(first, schema)}`;
}
