import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderTableForm } from '../testHelpers';
import type { TableColumn } from '../types';

describe('text, password and textarea cells', () => {
  const columns: TableColumn[] = [
    { key: 'name', label: '名称', type: 'text', maxlength: 5, placeholder: '名称必填' },
    { key: 'secret', label: '密码', type: 'password' },
    { key: 'remark', label: '备注', type: 'textarea' },
  ];

  it('write trimmed values while keeping inner spaces, and honour maxlength', async () => {
    const { cell, last, lastReason } = renderTableForm({ columns, defaultValue: [{}] });
    const name = cell(0, 'name').getByRole('textbox', { name: '名称 1' });
    expect(name).toHaveAttribute('placeholder', '名称必填');
    await userEvent.type(name, '  a b  c d');
    expect(name).toHaveValue('  a b'); // maxlength 5
    expect(last()[0]!.name).toBe('a b');
    expect(lastReason()).toBe('change');
    const secret = cell(0, 'secret').getByLabelText('密码 1');
    expect(secret).toHaveAttribute('type', 'password');
    await userEvent.type(secret, ' pw ');
    expect(last()[0]!.secret).toBe('pw');
    const remark = cell(0, 'remark').getByRole('textbox', { name: '备注 1' });
    expect(remark.tagName).toBe('TEXTAREA');
    await userEvent.type(remark, ' 第一行{Enter}第二行 ');
    expect(last()[0]!.remark).toBe('第一行\n第二行');
    await userEvent.tab();
    expect(remark).toHaveValue('第一行\n第二行');
  });

  it('use 请输入 as the default placeholder', () => {
    const { cell } = renderTableForm({ columns, defaultValue: [{}] });
    expect(cell(0, 'secret').getByLabelText('密码 1')).toHaveAttribute('placeholder', '请输入');
  });
});

describe('number and InputNumber cells', () => {
  const columns: TableColumn[] = [
    { key: 'weight', label: '重量', type: 'number', min: 0, max: 100, decimal: 1 },
    { key: 'count', label: '数量', type: 'InputNumber', min: 1, max: 3, step: 2, decimal: 0 },
  ];

  it('number writes what was typed and never changes it: too many decimals or above max is refused at validation', async () => {
    const { cell, last, ref } = renderTableForm({ columns, defaultValue: [{}] });
    const weight = cell(0, 'weight').getByRole('textbox', { name: '重量 1' });
    await userEvent.type(weight, '12.3');
    expect(last()[0]!.weight).toBe(12.3);
    await userEvent.clear(weight);
    await userEvent.type(weight, '250');
    await userEvent.tab();
    expect(weight).toHaveValue('250');
    expect(last()[0]!.weight).toBe(250);
    expect(ref.current!.validate()).toMatchObject({ success: false, message: '重量不能大于 100' });
    await userEvent.clear(weight);
    await userEvent.type(weight, '12.34');
    expect(ref.current!.validate()).toMatchObject({ success: false, message: '重量最多 1 位小数' });
  });

  it('InputNumber steps with − and + within min and max', async () => {
    const { cell, last } = renderTableForm({ columns, defaultValue: [{ count: 1 }] });
    const minus = cell(0, 'count').getByRole('button', { name: '数量 1 −' });
    expect(minus).toBeDisabled();
    await userEvent.click(cell(0, 'count').getByRole('button', { name: '数量 1 +' }));
    expect(last()[0]!.count).toBe(3);
    expect(cell(0, 'count').getByRole('textbox')).toHaveValue('3');
    expect(cell(0, 'count').getByRole('button', { name: '数量 1 +' })).toBeDisabled();
  });
});

describe('switch, selection, static and index cells', () => {
  it('switch writes 1 and 0 by default, or activeValue / inactiveValue', async () => {
    const columns: TableColumn[] = [
      { key: 'enabled', label: '启用', type: 'switch' },
      { key: 'flag', label: '标志', type: 'switch', activeValue: 'Y', inactiveValue: 'N' },
    ];
    const { cell, last } = renderTableForm({ columns, defaultValue: [{}] });
    expect(last()[0]).toMatchObject({ enabled: 0, flag: 'N' });
    await userEvent.click(cell(0, 'enabled').getByRole('switch', { name: '启用 1' }));
    expect(last()[0]!.enabled).toBe(1);
    await userEvent.click(cell(0, 'enabled').getByRole('switch'));
    expect(last()[0]!.enabled).toBe(0);
    await userEvent.click(cell(0, 'flag').getByRole('switch'));
    expect(last()[0]!.flag).toBe('Y');
  });

  it('selection writes row.isSelected; static shows the value or its source label; index numbers rows', async () => {
    const columns: TableColumn[] = [
      { key: 'index', label: '', type: 'index' },
      { key: 'sel', label: '', type: 'selection' },
      { key: 'status', label: '状态', type: 'static', source: [{ value: 1, label: '启用' }, { value: 0, label: '停用' }] },
      { key: 'code', label: '编码', type: 'static' },
    ];
    const { cell, last } = renderTableForm({ columns, defaultValue: [{ status: 1, code: 'C-1' }, { status: 0, code: 'C-2' }] });
    expect(screen.getByRole('columnheader', { name: '序号' })).toBeInTheDocument();
    expect(cell(1, 'index').getByText('2')).toBeInTheDocument();
    expect(cell(0, 'status').getByText('启用')).toBeInTheDocument();
    expect(cell(1, 'code').getByText('C-2')).toBeInTheDocument();
    fireEvent.click(cell(1, 'sel').getByRole('checkbox', { name: '选择第 2 行' }));
    expect(last().map((r) => r.isSelected)).toEqual([false, true]);
  });
});
