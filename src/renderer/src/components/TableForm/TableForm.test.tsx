import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { render } from '@testing-library/react';
import { renderTableForm } from './testHelpers';
import { TableForm } from './TableForm';
import type { TableColumn, TableRow } from './types';

const columns: TableColumn[] = [
  { key: 'index', label: '序号', type: 'index' },
  { key: 'name', label: '名称', type: 'text', defaultValue: '新行', rule: [{ required: true, message: '请输入名称' }] },
  { key: 'code', label: '编码', type: 'text', rule: [{ required: true, message: '请输入编码' }, { pattern: /^[A-Z]+$/, message: '编码须为大写字母' }] },
  { key: 'ops', label: '操作', type: 'operation', buttons: ['copy', 'delete', 'up', 'down', 'addChild'] },
];
const names = (rows: TableRow[]) => rows.map((r) => r.name);
const rowButton = (cell: ReturnType<typeof renderTableForm>['cell'], row: number, name: string) => cell(row, 'ops').getByRole('button', { name });

describe('TableForm row operations', () => {
  it('emits init once with the initial rows (defaults filled in, bookkeeping fields set)', () => {
    const { onChange } = renderTableForm({ columns, defaultValue: [{ code: 'A' }] });
    expect(onChange).toHaveBeenCalledTimes(1);
    const [rows, reason] = onChange.mock.calls[0]!;
    expect(reason).toBe('init');
    expect(rows[0]).toMatchObject({ name: '新行', code: 'A', isSelected: false, __isChild: false, __parentNodeId: '', __parentNode: 0 });
    expect(rows[0]!.__nodeId).toBeTruthy();
  });

  it('新增 appends a row with the defaults (add)', async () => {
    const { last, lastReason, cell } = renderTableForm({ columns, defaultValue: [{ name: 'A' }] });
    await userEvent.click(screen.getByRole('button', { name: '新增' }));
    expect(lastReason()).toBe('add');
    expect(names(last())).toEqual(['A', '新行']);
    expect(cell(1, 'name').getByRole('textbox')).toHaveValue('新行');
    expect(cell(1, 'index').getByText('2')).toBeInTheDocument();
  });

  it('copy duplicates the row below with a new __nodeId (add); delete removes it (delete)', async () => {
    const { last, lastReason, cell } = renderTableForm({ columns, defaultValue: [{ name: 'A' }, { name: 'B' }] });
    await userEvent.click(rowButton(cell, 0, '复制'));
    expect(lastReason()).toBe('add');
    expect(names(last())).toEqual(['A', 'A', 'B']);
    expect(last()[1]!.__nodeId).not.toBe(last()[0]!.__nodeId);
    await userEvent.click(rowButton(cell, 0, '删除'));
    expect(lastReason()).toBe('delete');
    expect(names(last())).toEqual(['A', 'B']);
  });

  it('up is disabled on the first row, down on the last; moving emits order', async () => {
    const { last, lastReason, cell } = renderTableForm({ columns, defaultValue: [{ name: 'A' }, { name: 'B' }, { name: 'C' }] });
    expect(rowButton(cell, 0, '上移')).toBeDisabled();
    expect(rowButton(cell, 0, '下移')).toBeEnabled();
    expect(rowButton(cell, 2, '下移')).toBeDisabled();
    expect(rowButton(cell, 2, '上移')).toBeEnabled();
    await userEvent.click(rowButton(cell, 0, '下移'));
    expect(lastReason()).toBe('order');
    expect(names(last())).toEqual(['B', 'A', 'C']);
    await userEvent.click(rowButton(cell, 2, '上移'));
    expect(names(last())).toEqual(['B', 'C', 'A']);
    expect(cell(0, 'name').getByRole('textbox')).toHaveValue('B');
  });

  it('addChild nests a row under its parent, indented; moving or deleting the parent takes the child along', async () => {
    const { last, lastReason, cell, cellElement } = renderTableForm({ columns, defaultValue: [{ name: 'A' }, { name: 'B' }] });
    await userEvent.click(rowButton(cell, 0, '添加子项'));
    expect(lastReason()).toBe('add');
    const [parent, child] = last();
    expect(child).toMatchObject({ name: '新行', __isChild: true, __parentNodeId: parent!.__nodeId, __parentNode: 1 });
    expect(cellElement(1, 'index').closest('tr')).toHaveAttribute('data-depth', '1');
    expect(getComputedStyle(cellElement(1, 'index')).paddingLeft).not.toBe(getComputedStyle(cellElement(0, 'index')).paddingLeft);
    // The only child has no sibling to swap with.
    expect(rowButton(cell, 1, '上移')).toBeDisabled();
    expect(rowButton(cell, 1, '下移')).toBeDisabled();
    await userEvent.click(rowButton(cell, 0, '下移'));
    expect(names(last())).toEqual(['B', 'A', '新行']);
    await userEvent.click(rowButton(cell, 1, '删除'));
    expect(lastReason()).toBe('delete');
    expect(names(last())).toEqual(['B']);
  });

  it('a custom button gets the row and its index, and its disabledDecide disables it per row', async () => {
    const onClick = vi.fn();
    const cols: TableColumn[] = [
      { key: 'status', label: '状态', type: 'static' },
      { key: 'ops', label: '操作', type: 'operation', buttons: [{ label: '审核', onClick, disabledDecide: { status: ['待审', '退回'] } }] },
    ];
    const { cell } = renderTableForm({ columns: cols, defaultValue: [{ status: '已审' }, { status: '退回' }] });
    expect(cell(0, 'ops').getByRole('button', { name: '审核' })).toBeDisabled();
    await userEvent.click(cell(1, 'ops').getByRole('button', { name: '审核' }));
    expect(onClick).toHaveBeenCalledWith(expect.objectContaining({ status: '退回' }), 1);
  });

  it('the column disabledDecide disables the row’s operation buttons and inputs unless the field matches', () => {
    const cols: TableColumn[] = [
      { key: 'kind', label: '类型', type: 'static' },
      { key: 'remark', label: '备注', type: 'text', disabledDecide: { kind: 'A' } },
      { key: 'ops', label: '操作', type: 'operation', buttons: ['delete'], disabledDecide: { kind: 'A' } },
    ];
    const { cell } = renderTableForm({ columns: cols, defaultValue: [{ kind: 'A' }, { kind: 'B' }] });
    expect(cell(0, 'remark').getByRole('textbox')).toBeEnabled();
    expect(cell(0, 'ops').getByRole('button', { name: '删除' })).toBeEnabled();
    expect(cell(1, 'remark').getByRole('textbox')).toBeDisabled();
    expect(cell(1, 'ops').getByRole('button', { name: '删除' })).toBeDisabled();
  });

  it('disabled turns off 新增, every input and every button; addable false hides 新增', () => {
    const { cell, unmount } = renderTableForm({ columns, defaultValue: [{ name: 'A' }], disabled: true });
    expect(screen.getByRole('button', { name: '新增' })).toBeDisabled();
    expect(cell(0, 'name').getByRole('textbox')).toBeDisabled();
    expect(rowButton(cell, 0, '复制')).toBeDisabled();
    unmount();
    renderTableForm({ columns, addable: false });
    expect(screen.queryByRole('button', { name: '新增' })).not.toBeInTheDocument();
  });

  it('the handle: addRow, setRows, getRows', () => {
    const { ref, lastReason } = renderTableForm({ columns });
    act(() => ref.current!.addRow());
    expect(lastReason()).toBe('add');
    act(() => ref.current!.setRows([{ name: 'X', code: 'Y' }]));
    expect(lastReason()).toBe('change');
    expect(ref.current!.getRows()).toEqual([expect.objectContaining({ name: 'X', code: 'Y', __parentNode: 0 })]);
    expect(screen.getByDisplayValue('X')).toBeInTheDocument();
  });
});

describe('TableForm validation', () => {
  it('shows the first message of each failing field, de-duplicated and joined with commas, and emits validate', async () => {
    const { ref, onValidate, lastReason, cell } = renderTableForm({ columns, defaultValue: [{ name: '', code: 'ab' }, { name: '', code: '' }] });
    let result;
    act(() => {
      result = ref.current!.validate();
    });
    expect(result).toEqual({ success: false, message: '请输入名称,编码须为大写字母,请输入编码' });
    expect(onValidate).toHaveBeenCalledWith({ success: false, message: '请输入名称,编码须为大写字母,请输入编码' });
    expect(lastReason()).toBe('validate');
    expect(await screen.findByTestId('toast')).toHaveTextContent('请输入名称,编码须为大写字母,请输入编码');
    expect(cell(0, 'name').getByText('请输入名称')).toBeInTheDocument();
    expect(cell(0, 'code').getByRole('textbox')).toHaveAttribute('aria-invalid', 'true');
  });

  it('clears a field’s error once it is corrected, and reports success afterwards', async () => {
    const { ref, onValidate, cell } = renderTableForm({ columns, defaultValue: [{ name: '', code: 'ab' }] });
    act(() => void ref.current!.validate());
    await userEvent.type(cell(0, 'name').getByRole('textbox'), '气瓶');
    expect(cell(0, 'name').queryByText('请输入名称')).not.toBeInTheDocument();
    expect(cell(0, 'code').getByText('编码须为大写字母')).toBeInTheDocument();
    await userEvent.clear(cell(0, 'code').getByRole('textbox'));
    expect(cell(0, 'code').getByText('请输入编码')).toBeInTheDocument();
    await userEvent.type(cell(0, 'code').getByRole('textbox'), 'AB');
    expect(cell(0, 'code').queryByText(/编码/)).not.toBeInTheDocument();
    act(() => void ref.current!.validate());
    expect(onValidate).toHaveBeenLastCalledWith({ success: true, message: '' });
  });
});

describe('TableForm controlled', () => {
  it('follows value and reports edits through onChange', async () => {
    const seen: string[] = [];
    function Host() {
      const [rows, setRows] = useState<Partial<TableRow>[]>([{ name: 'A' }]);
      return (
        <>
          <TableForm columns={columns} value={rows} onChange={(r, reason) => (seen.push(reason), setRows(r))} />
          <button onClick={() => setRows([{ name: 'Z' }, { name: 'Y' }])}>reset</button>
        </>
      );
    }
    render(<Host />);
    await userEvent.click(screen.getByRole('button', { name: 'reset' }));
    await waitFor(() => expect(screen.getByDisplayValue('Z')).toBeInTheDocument());
    expect(screen.getByDisplayValue('Y')).toBeInTheDocument();
    await userEvent.type(screen.getByDisplayValue('Z'), '1');
    expect(screen.getByDisplayValue('Z1')).toBeInTheDocument();
    expect(seen).toEqual(['init', 'change']);
  });
});
