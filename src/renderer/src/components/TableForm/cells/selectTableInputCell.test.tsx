import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderTableForm } from '../testHelpers';
import type { TableColumn } from '../types';

const customers = [
  { enterpriseCode: 'C1', enterpriseName: '华东气体' },
  { enterpriseCode: 'C2', enterpriseName: '江南化工' },
  { enterpriseCode: 'C3', enterpriseName: '北方钢瓶' },
];
const fetchPage = vi.fn(async ({ page, size }: { page: number; size: number }) => ({ list: customers.slice((page - 1) * size, page * size), total: customers.length }));

function column(multiple: boolean): TableColumn {
  return {
    key: 'customerCodes',
    label: '客户',
    type: 'SelectTableInput',
    nameGroupCode: 'customerNames',
    multiple,
    selectTable: {
      title: '选择客户',
      fetchPage,
      columns: [{ field: 'enterpriseName', label: '客户名称' }],
      idKey: 'enterpriseCode',
      nameKey: 'enterpriseName',
    },
  };
}

describe('SelectTableInput cell', () => {
  it('opens the selection drawer; 确认 stores the picked ids in key and the names in nameGroupCode', async () => {
    const { cell, last } = renderTableForm({ columns: [column(true)], defaultValue: [{}] });
    const input = cell(0, 'customerCodes').getByRole('textbox', { name: '客户 1' });
    expect(input).toHaveAttribute('readonly');
    await userEvent.click(input);
    const drawer = await screen.findByRole('dialog', { name: '选择客户' });
    expect(fetchPage).toHaveBeenLastCalledWith({ page: 1, size: 50 });
    await userEvent.click(await within(drawer).findByRole('checkbox', { name: '选择 华东气体' }));
    await userEvent.click(within(drawer).getByRole('checkbox', { name: '选择 北方钢瓶' }));
    await userEvent.click(within(drawer).getByRole('button', { name: '确认' }));
    expect(last()[0]).toMatchObject({ customerCodes: 'C1,C3', customerNames: '华东气体,北方钢瓶' });
    expect(input).toHaveValue('华东气体,北方钢瓶');
    expect(screen.queryByRole('dialog', { name: '选择客户' })).not.toBeInTheDocument();
  });

  it('reopens with the row’s picks in 当前选择; single mode insists on one row', async () => {
    const { cell, last } = renderTableForm({ columns: [column(false)], defaultValue: [{ customerCodes: 'C2', customerNames: '江南化工' }] });
    await userEvent.click(cell(0, 'customerCodes').getByRole('textbox'));
    const drawer = await screen.findByRole('dialog', { name: '选择客户' });
    expect(within(within(drawer).getByRole('region', { name: '当前选择' })).getByText('江南化工')).toBeInTheDocument();
    expect(await within(drawer).findByRole('checkbox', { name: '选择 江南化工' })).toBeChecked();
    await userEvent.click(within(drawer).getByRole('checkbox', { name: '选择 华东气体' }));
    await userEvent.click(within(drawer).getByRole('button', { name: '确认' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('请选择单条数据后重试！');
    await userEvent.click(within(drawer).getByRole('checkbox', { name: '选择 江南化工' }));
    await userEvent.click(within(drawer).getByRole('button', { name: '确认' }));
    expect(last()[0]).toMatchObject({ customerCodes: 'C1', customerNames: '华东气体' });
  });

  it('does not open when the cell is disabled', async () => {
    const { cell } = renderTableForm({ columns: [{ ...column(true), disabled: true }], defaultValue: [{}] });
    await userEvent.click(cell(0, 'customerCodes').getByRole('textbox'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
