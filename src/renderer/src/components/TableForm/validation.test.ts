import { describe, expect, it } from 'vitest';
import { normalizeRows } from './rowModel';
import type { TableColumn } from './types';
import { checkRules, recheckRow, validateRows } from './validation';

const columns: TableColumn[] = [
  { key: 'name', label: '名称', type: 'text', rule: [{ required: true, message: '请输入名称' }, { max: 4, message: '名称过长' }] },
  { key: 'code', label: '编码', type: 'text', rule: [{ required: true, message: '请输入编码' }, { pattern: '^[A-Z]+$', message: '编码须为大写字母' }] },
  { key: 'qty', label: '数量', type: 'InputNumber', rule: [{ min: 1, message: '数量至少为1' }, { max: 10, message: '数量至多为10' }] },
  { key: 'startDate,endDate', label: '有效期', type: 'daterange', rule: [{ required: true, message: '请选择有效期' }] },
];

describe('validateRows', () => {
  it('collects the first message of each failing field, de-duplicated, joined with commas', () => {
    const rows = normalizeRows([
      { name: '', code: 'abc', qty: 0, startDate: '2024-01-01', endDate: '' },
      { name: '', code: '', qty: 3, startDate: '2024-01-01', endDate: '2024-02-01' },
    ]);
    const result = validateRows(rows, columns);
    expect(result.success).toBe(false);
    expect(result.message).toBe('请输入名称,编码须为大写字母,数量至少为1,请选择有效期,请输入编码');
    expect(result.errors[rows[0]!.__nodeId]).toEqual({ name: '请输入名称', code: '编码须为大写字母', qty: '数量至少为1', 'startDate,endDate': '请选择有效期' });
  });

  it('succeeds with an empty message when every rule holds', () => {
    const rows = normalizeRows([{ name: '气瓶', code: 'AB', qty: 10, startDate: '2024-01-01', endDate: '2024-02-01' }]);
    expect(validateRows(rows, columns)).toEqual({ success: true, message: '', errors: {} });
  });

  it('does not check cells disabled by disabledDecide', () => {
    const cols: TableColumn[] = [{ key: 'remark', label: '备注', type: 'text', disabledDecide: { kind: 'B' }, rule: [{ required: true, message: '请输入备注' }] }];
    expect(validateRows(normalizeRows([{ kind: 'A', remark: '' }]), cols).success).toBe(true);
    expect(validateRows(normalizeRows([{ kind: 'B', remark: '' }]), cols).message).toBe('请输入备注');
  });
});

describe('checkRules', () => {
  const row = normalizeRows([{}])[0]!;
  it('measures strings and arrays by length, numbers by value, len exactly', () => {
    expect(checkRules([{ len: 3, message: 'len' }], 'ab', row)).toBe('len');
    expect(checkRules([{ len: 3, message: 'len' }], 'abc', row)).toBeUndefined();
    expect(checkRules([{ min: 2, message: 'min' }], ['a'], row)).toBe('min');
    expect(checkRules([{ max: 5, message: 'max' }], 6, row)).toBe('max');
  });

  it('uses a validator’s verdict: false gives the rule message, a string replaces it', () => {
    expect(checkRules([{ validator: () => false, message: 'bad' }], 'x', row)).toBe('bad');
    expect(checkRules([{ validator: () => '自定义', message: 'bad' }], 'x', row)).toBe('自定义');
    expect(checkRules([{ validator: () => true, message: 'bad' }], 'x', row)).toBeUndefined();
  });

  it('skips non-required rules on empty values', () => {
    expect(checkRules([{ pattern: /^\d+$/, message: 'digits' }], '', row)).toBeUndefined();
  });
});

describe('recheckRow', () => {
  it('clears a field error once the field is corrected and keeps the others', () => {
    const row = normalizeRows([{ name: '', code: '', qty: 1, startDate: 'a', endDate: 'b' }])[0]!;
    const { errors } = validateRows([row], columns);
    const fixed = recheckRow(errors, { ...row, name: '气瓶' }, columns);
    expect(fixed[row.__nodeId]).toEqual({ code: '请输入编码' });
    expect(recheckRow(fixed, { ...row, name: '气瓶', code: 'AB' }, columns)[row.__nodeId]).toBeUndefined();
  });
});
