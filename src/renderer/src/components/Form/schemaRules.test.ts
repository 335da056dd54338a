import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { translate } from '@renderer/i18n/i18n';
import type { MessageKey } from '@renderer/i18n/messages';
import { Code, DateStr, Flag, Int, List, OptDate, OptNum, OptStr, ReqStr, Str } from '@shared/api/schema';
import { fieldError } from './rules';
import { fromSchema, rulesFrom } from './schemaRules';
import type { FormField } from './types';

const zh = (key: MessageKey, vars?: Record<string, string | number>) => translate('zh-CN', key, vars);

const Body = Type.Object({
  name: ReqStr('名称', { maxLength: 8 }),
  code: Code('编码', 6),
  remark: OptStr('备注', { maxLength: 10 }),
  phone: OptStr('电话', { maxLength: 32, pattern: '^[0-9]{3,32}$' }),
  secret: Str('口令', { minLength: 6, maxLength: 64 }),
  qty: Int('数量', { minimum: 1, maximum: 99 }),
  weight: OptNum('重量', { minimum: 0.5, maximum: 80 }),
  day: DateStr('日期'),
  until: OptDate('有效期至'),
  tags: List('标签', Str('标签', { maxLength: 8 }), { minItems: 2, maxItems: 3 }),
  status: Flag(),
  note: Type.Optional(Str('说明', { maxLength: 20 })),
});
const Composite = Type.Composite([Type.Object({ id: Type.Integer() }), Type.Object({ roleName: ReqStr('角色名称', { maxLength: 4 }) })]);

/** The message the kit shows for `value` in field `key` declared from Body, or null when it passes. */
function messageFor(key: keyof typeof Body.static, value: unknown, label = '字段', extra: Partial<FormField> = {}): string | null {
  const field: FormField = { key, label, ...fromSchema(Body, key), ...extra };
  return fieldError(field, { [key]: value }, zh);
}

describe('fromSchema: the kit rules a shared request schema states', () => {
  it('a field in the required list is required: 请输入… for typed fields, 请选择… for choices', () => {
    expect(rulesFrom(Body, 'name')).toContainEqual({ required: true });
    expect(messageFor('name', '', '名称')).toBe('请输入名称');
    expect(messageFor('status', null, '状态', { type: 'select' })).toBe('请选择状态');
  });

  it('an optional field (absent, null or empty allowed) is not required', () => {
    expect(rulesFrom(Body, 'remark')).not.toContainEqual({ required: true });
    expect(rulesFrom(Body, 'note')).not.toContainEqual({ required: true });
    expect(messageFor('remark', '')).toBeNull();
  });

  it('the form may ask for more, or less, than the body', () => {
    expect(rulesFrom(Body, 'remark', { required: true })).toContainEqual({ required: true });
    expect(rulesFrom(Body, 'name', { required: false })).not.toContainEqual({ required: true });
  });

  it('maxLength: the input stops there and longer text says 最多 N 个字符', () => {
    expect(fromSchema(Body, 'name').maxLength).toBe(8);
    expect(messageFor('name', '一二三四五六七八九', '名称')).toBe('名称长度不能超过8个字符');
    expect(messageFor('name', '一二三四五六七八', '名称')).toBeNull();
  });

  it('minLength above one: shorter text says 不能少于 N 个字符 (one character is what required asks)', () => {
    expect(messageFor('secret', '12345', '口令')).toBe('口令长度不能少于6个字符');
    expect(rulesFrom(Body, 'name').some((r) => r.min !== undefined)).toBe(false);
    const field: FormField = { key: 'secret', label: '口令', ...fromSchema(Body, 'secret', { minLengthMessage: '口令至少 6 位' }) };
    expect(fieldError(field, { secret: '12345' }, zh)).toBe('口令至少 6 位');
  });

  it('pattern: text that does not fit says 格式不正确, or the message the form gives', () => {
    expect(messageFor('phone', '12a', '电话')).toBe('电话格式不正确');
    expect(messageFor('phone', '0571', '电话')).toBeNull();
    const field: FormField = { key: 'phone', label: '电话', ...fromSchema(Body, 'phone', { patternMessage: '电话只能包含数字' }) };
    expect(fieldError(field, { phone: 'abc' }, zh)).toBe('电话只能包含数字');
    expect(messageFor('code', 'A B', '编码')).toBe('编码格式不正确');
  });

  it('an empty optional field passes its length and pattern rules', () => {
    expect(messageFor('phone', '')).toBeNull();
    expect(messageFor('until', '')).toBeNull();
  });

  it('format date: a day the month does not have is refused although the pattern fits', () => {
    expect(messageFor('day', '2025-02-30', '日期')).toBe('日期格式不正确');
    expect(messageFor('until', '2025-02-29', '有效期至')).toBe('有效期至格式不正确');
    expect(messageFor('day', '2024-02-29', '日期')).toBeNull();
  });

  it('minimum and maximum become the number input bounds: 不能小于 / 不能大于 N; integers take no decimals', () => {
    expect(fromSchema(Body, 'qty')).toMatchObject({ min: 1, max: 99, decimal: 0 });
    expect(messageFor('qty', 0, '数量', { type: 'number' })).toBe('数量不能小于 1');
    expect(messageFor('qty', 100, '数量', { type: 'number' })).toBe('数量不能大于 99');
    expect(messageFor('qty', 1.5, '数量', { type: 'number' })).toBe('数量必须是整数');
    expect(fromSchema(Body, 'weight')).toMatchObject({ min: 0.5, max: 80 });
    expect(fromSchema(Body, 'weight').decimal).toBeUndefined();
    expect(messageFor('weight', null, '重量', { type: 'number' })).toBeNull();
  });

  it('a list with a least item count is required (请选择…); item counts state no other rule', () => {
    expect(fromSchema(Body, 'tags')).toEqual({ rules: [{ required: true }] });
    expect(messageFor('tags', [], '标签', { type: 'select', multiple: true })).toBe('请选择标签');
  });

  it('a choice of literals (a flag) states no bound beyond required', () => {
    expect(fromSchema(Body, 'status')).toEqual({ rules: [{ required: true }] });
  });

  it('reads the fields of a composite (edit body = id + save body)', () => {
    expect(fromSchema(Composite, 'roleName')).toMatchObject({ maxLength: 4, rules: [{ required: true }, { max: 4 }, { pattern: expect.any(RegExp) }] });
  });

  it('the form’s own rules follow the schema’s', () => {
    const same = { validator: (v: unknown) => (v === 'x' ? '不能是 x' : null) };
    const rules = rulesFrom(Body, 'name', { also: [same] });
    expect(rules.at(-1)).toBe(same);
    expect(fieldError({ key: 'name', label: '名称', rules }, { name: 'x' }, zh)).toBe('不能是 x');
  });

  it('a key the schema does not have is a programming error', () => {
    // @ts-expect-error: the key is checked against the schema at compile time too.
    expect(() => fromSchema(Body, 'nope')).toThrow(/nope/);
  });
});
