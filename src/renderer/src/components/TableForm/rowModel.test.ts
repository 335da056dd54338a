import { describe, expect, it } from 'vitest';
import { addChild, appendRow, canMoveDown, canMoveUp, copyRow, defaultValues, deleteRow, makeRow, moveDown, moveUp, normalizeRows } from './rowModel';
import type { TableColumn, TableRow } from './types';

const columns: TableColumn[] = [
  { key: 'index', label: '序号', type: 'index' },
  { key: 'name', label: '名称', type: 'text', defaultValue: '默认' },
  { key: 'enabled', label: '启用', type: 'switch' },
  { key: 'flag', label: '标志', type: 'switch', inactiveValue: 'N', activeValue: 'Y' },
  { key: 'tags', label: '标签', type: 'checkbox' },
  { key: 'startDate,endDate', label: '有效期', type: 'daterange', isDefault: true },
  { key: 'madeOn', label: '生产日期', type: 'date', isDefault: true },
  { key: 'madeAt', label: '生产时间', type: 'datetime', isDefault: true, valueFormat: 'YYYY/MM/DD HH:mm' },
  { key: 'ops', label: '操作', type: 'operation', buttons: ['copy'] },
];
const NOW = new Date(2024, 4, 6, 7, 8, 9);
const names = (rows: TableRow[]) => rows.map((r) => r.name);

describe('new rows', () => {
  it('carry defaultValues, switch off (0 or inactiveValue), [] for multi values and now for isDefault dates', () => {
    expect(defaultValues(columns, NOW)).toEqual({
      name: '默认',
      enabled: 0,
      flag: 'N',
      tags: [],
      startDate: '2024-05-06',
      endDate: '2024-05-06',
      madeOn: '2024-05-06',
      madeAt: '2024/05/06 07:08',
    });
  });

  it('carry the bookkeeping fields of a top-level row with a unique __nodeId', () => {
    const a = makeRow(columns);
    const b = makeRow(columns);
    expect(a).toMatchObject({ isSelected: false, __isChild: false, __parentNodeId: '', __parentNode: 0 });
    expect(a.__nodeId).not.toBe(b.__nodeId);
  });

  it('normalizeRows keeps given fields and fills the missing bookkeeping', () => {
    const [r] = normalizeRows([{ name: 'x', __nodeId: 'keep' }]);
    expect(r).toEqual({ name: 'x', isSelected: false, __isChild: false, __parentNodeId: '', __parentNode: 0, __nodeId: 'keep' });
  });
});

/** A tree: A (children A1, A2 (grandchild A2a)), B, C. */
function tree(): TableRow[] {
  let rows = normalizeRows([{ name: 'A' }, { name: 'B' }, { name: 'C' }]);
  rows = addChild(rows, 0, []);
  rows[1]!.name = 'A1';
  rows = addChild(rows, 0, []);
  rows[2]!.name = 'A2';
  rows = addChild(rows, 2, []);
  rows[3]!.name = 'A2a';
  return rows;
}

describe('row operations', () => {
  it('addChild nests under the parent: __isChild, __parentNodeId, depth in __parentNode, after the parent’s block', () => {
    const rows = tree();
    expect(names(rows)).toEqual(['A', 'A1', 'A2', 'A2a', 'B', 'C']);
    expect(rows[1]).toMatchObject({ __isChild: true, __parentNodeId: rows[0]!.__nodeId, __parentNode: 1 });
    expect(rows[3]).toMatchObject({ __isChild: true, __parentNodeId: rows[2]!.__nodeId, __parentNode: 2 });
  });

  it('appendRow adds a default row at the end', () => {
    const rows = appendRow(normalizeRows([{ name: 'A' }]), columns);
    expect(names(rows)).toEqual(['A', '默认']);
  });

  it('copy puts a duplicate with a new __nodeId after the row’s block', () => {
    const rows = tree();
    const copied = copyRow(rows, 0);
    expect(names(copied)).toEqual(['A', 'A1', 'A2', 'A2a', 'A', 'B', 'C']);
    expect(copied[4]!.__nodeId).not.toBe(rows[0]!.__nodeId);
    const childCopy = copyRow(rows, 1);
    expect(names(childCopy)).toEqual(['A', 'A1', 'A1', 'A2', 'A2a', 'B', 'C']);
    expect(childCopy[2]).toMatchObject({ __isChild: true, __parentNodeId: rows[0]!.__nodeId });
  });

  it('delete removes the row with its descendants', () => {
    expect(names(deleteRow(tree(), 0))).toEqual(['B', 'C']);
    expect(names(deleteRow(tree(), 2))).toEqual(['A', 'A1', 'B', 'C']);
  });

  it('up and down move a row with its children among its siblings', () => {
    expect(names(moveDown(tree(), 0))).toEqual(['B', 'A', 'A1', 'A2', 'A2a', 'C']);
    expect(names(moveUp(tree(), 4))).toEqual(['B', 'A', 'A1', 'A2', 'A2a', 'C']);
    expect(names(moveUp(tree(), 2))).toEqual(['A', 'A2', 'A2a', 'A1', 'B', 'C']);
    expect(names(moveDown(tree(), 5))).toEqual(names(tree()));
  });

  it('up is impossible on the first row (and first child), down on the last row (and last child)', () => {
    const rows = tree();
    expect(canMoveUp(rows, 0)).toBe(false);
    expect(canMoveDown(rows, 0)).toBe(true);
    expect(canMoveUp(rows, 1)).toBe(false);
    expect(canMoveDown(rows, 2)).toBe(false);
    expect(canMoveUp(rows, 5)).toBe(true);
    expect(canMoveDown(rows, 5)).toBe(false);
  });
});
