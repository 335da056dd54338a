import type { FastifySchemaValidationError } from 'fastify';

const TYPE_NAMES: Record<string, string> = {
  string: '字符串', integer: '整数', number: '数字', boolean: '布尔值', array: '数组', object: '对象', null: '空值',
};

/** The field an Ajv error is about: `roleIds.0`, `username`, or the missing property for `required`. */
function fieldOf(error: FastifySchemaValidationError, context: string): string {
  const params = error.params as Record<string, unknown>;
  const path = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const extra =
    error.keyword === 'required' ? params.missingProperty :
    error.keyword === 'additionalProperties' ? params.additionalProperty : undefined;
  if (typeof extra === 'string') return path ? `${path}.${extra}` : extra;
  return path || (context === 'body' ? '请求体' : context);
}

function reasonOf(error: FastifySchemaValidationError): string {
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return '不能为空';
    case 'minLength':
      return p.limit === 1 ? '不能为空' : `长度不能少于 ${p.limit} 个字符`;
    case 'maxLength':
      return `长度不能超过 ${p.limit} 个字符`;
    case 'minimum':
      return `不能小于 ${p.limit}`;
    case 'maximum':
      return `不能大于 ${p.limit}`;
    case 'exclusiveMinimum':
      return `必须大于 ${p.limit}`;
    case 'exclusiveMaximum':
      return `必须小于 ${p.limit}`;
    case 'minItems':
      return `至少需要 ${p.limit} 项`;
    case 'maxItems':
      return `不能超过 ${p.limit} 项`;
    case 'type':
      return `类型错误，应为${TYPE_NAMES[String(p.type)] ?? String(p.type)}`;
    case 'pattern':
    case 'format':
      return '格式不正确';
    case 'additionalProperties':
      return '是不允许的字段';
    case 'const':
    case 'enum':
    case 'anyOf':
    case 'oneOf':
      return '取值无效';
    default:
      return '不符合要求';
  }
}

/** `参数错误：<field> <reason>` for the first schema violation, in Chinese. */
export function validationMessage(errors: FastifySchemaValidationError[], context: string): string {
  const first = errors[0];
  if (!first) return '参数错误';
  return `参数错误：${fieldOf(first, context)} ${reasonOf(first)}`;
}
