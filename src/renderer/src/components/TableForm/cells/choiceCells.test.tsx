import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderTableForm } from '../testHelpers';
import type { TableColumn } from '../types';

const warehouses = [
  { warehouseCode: 'W1', warehouseName: '一号库' },
  { warehouseCode: 'W2', warehouseName: '二号库' },
  { warehouseCode: 'W3', warehouseName: '三号库' },
];
const valueProps = { value: 'warehouseCode', label: 'warehouseName' };

describe('select cells', () => {
  it('single: valueProps pick the keys, the value goes to key and the label to nameGroupCode', async () => {
    const columns: TableColumn[] = [{ key: 'code', label: '仓库', type: 'select', source: warehouses, valueProps, nameGroupCode: 'warehouseName' }];
    const { cell, last } = renderTableForm({ columns, defaultValue: [{}] });
    const input = cell(0, 'code').getByRole('combobox', { name: '仓库 1' });
    expect(input).toHaveAttribute('placeholder', '请选择');
    await userEvent.click(input);
    await userEvent.click(screen.getByRole('option', { name: '二号库' }));
    expect(last()[0]).toMatchObject({ code: 'W2', warehouseName: '二号库' });
    expect(input).toHaveValue('二号库');
  });

  it('multiple: an array of values and the labels joined with commas; clearable empties both', async () => {
    const columns: TableColumn[] = [{ key: 'codes', label: '仓库', type: 'select', multiple: true, clearable: true, source: warehouses, valueProps, nameGroupCode: 'names' }];
    const { cell, last } = renderTableForm({ columns, defaultValue: [{}] });
    const input = cell(0, 'codes').getByRole('combobox');
    await userEvent.click(input);
    await userEvent.click(screen.getByRole('option', { name: '一号库' }));
    await userEvent.click(screen.getByRole('option', { name: '三号库' }));
    expect(last()[0]).toMatchObject({ codes: ['W1', 'W3'], names: '一号库,三号库' });
    await userEvent.keyboard('{Escape}');
    await userEvent.click(cell(0, 'codes').getByTitle(/clear|清除|清空/i));
    expect(last()[0]).toMatchObject({ codes: [], names: '' });
  });

  it('filterable: typing narrows the options', async () => {
    const columns: TableColumn[] = [{ key: 'code', label: '仓库', type: 'select', filterable: true, source: warehouses, valueProps }];
    const { cell } = renderTableForm({ columns, defaultValue: [{}] });
    await userEvent.type(cell(0, 'code').getByRole('combobox'), '三');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['三号库']);
  });
});

describe('radio and checkbox cells', () => {
  const source = [
    { value: 1, label: '合格' },
    { value: 0, label: '不合格' },
  ];

  it('radio writes the chosen value and its label', async () => {
    const columns: TableColumn[] = [{ key: 'result', label: '结果', type: 'radio', source, nameGroupCode: 'resultName' }];
    const { cell, last } = renderTableForm({ columns, defaultValue: [{}] });
    await userEvent.click(cell(0, 'result').getByRole('radio', { name: '不合格' }));
    expect(last()[0]).toMatchObject({ result: 0, resultName: '不合格' });
  });

  it('checkbox with a source writes the checked values in source order and their labels', async () => {
    const columns: TableColumn[] = [{ key: 'checks', label: '检查项', type: 'checkbox', source: warehouses, valueProps, nameGroupCode: 'checkNames' }];
    const { cell, last } = renderTableForm({ columns, defaultValue: [{}] });
    await userEvent.click(cell(0, 'checks').getByRole('checkbox', { name: '三号库' }));
    await userEvent.click(cell(0, 'checks').getByRole('checkbox', { name: '一号库' }));
    expect(last()[0]).toMatchObject({ checks: ['W1', 'W3'], checkNames: '一号库,三号库' });
    await userEvent.click(cell(0, 'checks').getByRole('checkbox', { name: '一号库' }));
    expect(last()[0]).toMatchObject({ checks: ['W3'], checkNames: '三号库' });
  });

  it('checkbox without a source is one box storing 1 / 0', async () => {
    const columns: TableColumn[] = [{ key: 'urgent', label: '加急', type: 'checkbox' }];
    const { cell, last } = renderTableForm({ columns, defaultValue: [{ urgent: 0 }] });
    await userEvent.click(cell(0, 'urgent').getByRole('checkbox', { name: '加急 1' }));
    expect(last()[0]!.urgent).toBe(1);
  });
});

describe('cascader cell', () => {
  it('stores the value path and the labels along it', async () => {
    const columns: TableColumn[] = [
      {
        key: 'area',
        label: '地区',
        type: 'cascader',
        nameGroupCode: 'areaName',
        source: [
          { value: '32', label: '江苏省', children: [{ value: '3201', label: '南京市', children: [{ value: '320102', label: '玄武区' }] }] },
          { value: '33', label: '浙江省', children: [{ value: '3301', label: '杭州市' }] },
        ],
      },
    ];
    const { cell, last } = renderTableForm({ columns, defaultValue: [{}] });
    const input = cell(0, 'area').getByRole('textbox', { name: '地区 1' });
    await userEvent.click(input);
    await userEvent.click(screen.getByRole('option', { name: '江苏省' }));
    await userEvent.click(screen.getByRole('option', { name: '南京市' }));
    const lists = screen.getAllByRole('listbox');
    expect(lists).toHaveLength(3);
    await userEvent.click(within(lists[2]!).getByRole('option', { name: '玄武区' }));
    expect(last()[0]).toMatchObject({ area: ['32', '3201', '320102'], areaName: '江苏省,南京市,玄武区' });
    expect(input).toHaveValue('江苏省 / 南京市 / 玄武区');
  });
});
