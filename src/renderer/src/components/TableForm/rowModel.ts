/**
 * Pure row operations of the table form. Rows are one flat list in display order; a row's children
 * (and their children) follow it directly and are deeper (__parentNode larger), so a row and its
 * descendants form one contiguous block: moving or deleting a row moves or deletes that block.
 */
import dayjs from 'dayjs';
import { columnFields, isDateKind, isRangeKind, storedDateFormat } from './columnKinds';
import type { RowMeta, TableColumn, TableRow } from './types';

let counter = 0;
/** A node id unique within this page's lifetime. */
export function newNodeId(): string {
  counter += 1;
  return `node-${Date.now().toString(36)}-${counter}`;
}

/** A new row's field values: defaultValue, now for isDefault date kinds, switch off, multi-value kinds []. */
export function defaultValues(columns: TableColumn[], now: Date = new Date()): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const col of columns) {
    const fields = columnFields(col);
    if (fields.length === 0) continue;
    if (isRangeKind(col.type)) {
      const given = Array.isArray(col.defaultValue) ? col.defaultValue : [];
      const nowText = col.isDefault ? dayjs(now).format(storedDateFormat(col)) : '';
      fields.forEach((f, i) => (values[f] = given[i] ?? nowText));
      continue;
    }
    const field = fields[0]!; // a non-range column with fields writes exactly one
    if (col.defaultValue !== undefined) values[field] = structuredClone(col.defaultValue);
    else if (col.isDefault && isDateKind(col.type)) values[field] = dayjs(now).format(storedDateFormat(col));
    else if (col.type === 'switch') values[field] = col.inactiveValue ?? 0;
    else if (col.type === 'checkbox' || col.type === 'cascader' || col.type === 'dates' || col.type === 'months' || col.type === 'years' || (col.type === 'select' && col.multiple)) values[field] = [];
    else values[field] = '';
  }
  return values;
}

const topMeta = (): RowMeta => ({ isSelected: false, __isChild: false, __parentNodeId: '', __parentNode: 0, __nodeId: newNodeId() });

/** A fresh top-level row with the columns' defaults. */
export function makeRow(columns: TableColumn[], now?: Date): TableRow {
  return { ...defaultValues(columns, now), ...topMeta() };
}

/** Rows from outside (value, setRows): missing bookkeeping fields are filled in, given ones kept. */
export function normalizeRows(rows: Partial<TableRow>[]): TableRow[] {
  return rows.map((r) => ({
    ...r,
    isSelected: r.isSelected ?? false,
    __isChild: r.__isChild ?? false,
    __parentNodeId: r.__parentNodeId ?? '',
    __parentNode: r.__parentNode ?? 0,
    __nodeId: r.__nodeId || newNodeId(),
  }));
}

/** The row at `index`; the operations below are only ever asked about rows that exist. */
function rowAt(rows: TableRow[], index: number): TableRow {
  const row = rows[index];
  if (!row) throw new RangeError(`No row at index ${index} (${rows.length} rows)`);
  return row;
}

/** Index just past the block of `index` (the row and its descendants). */
export function blockEnd(rows: TableRow[], index: number): number {
  const depth = rowAt(rows, index).__parentNode;
  let end = index + 1;
  while (end < rows.length && rows[end]!.__parentNode > depth) end += 1;
  return end;
}

/** Index of the previous sibling (same parent), or -1. */
export function previousSibling(rows: TableRow[], index: number): number {
  const row = rowAt(rows, index);
  for (let i = index - 1; i >= 0; i -= 1) {
    const other = rows[i]!;
    if (other.__parentNode < row.__parentNode) return -1;
    if (other.__parentNode === row.__parentNode) return i;
  }
  return -1;
}

/** Index of the next sibling (same parent), or -1. */
export function nextSibling(rows: TableRow[], index: number): number {
  const row = rowAt(rows, index);
  const end = blockEnd(rows, index);
  const next = rows[end];
  return next && next.__parentNode === row.__parentNode && next.__parentNodeId === row.__parentNodeId ? end : -1;
}

export const canMoveUp = (rows: TableRow[], index: number): boolean => previousSibling(rows, index) !== -1;
export const canMoveDown = (rows: TableRow[], index: number): boolean => nextSibling(rows, index) !== -1;

export function appendRow(rows: TableRow[], columns: TableColumn[], now?: Date): TableRow[] {
  return [...rows, makeRow(columns, now)];
}

/** A copy of the row (its fields, not its children) placed after the row's block, with a new __nodeId. */
export function copyRow(rows: TableRow[], index: number): TableRow[] {
  const copy: TableRow = { ...structuredClone(rowAt(rows, index)), __nodeId: newNodeId(), isSelected: false };
  const end = blockEnd(rows, index);
  return [...rows.slice(0, end), copy, ...rows.slice(end)];
}

/** Removes the row and its descendants. */
export function deleteRow(rows: TableRow[], index: number): TableRow[] {
  return [...rows.slice(0, index), ...rows.slice(blockEnd(rows, index))];
}

/** Swaps the row's block with its previous sibling's block; unchanged on the first sibling. */
export function moveUp(rows: TableRow[], index: number): TableRow[] {
  const prev = previousSibling(rows, index);
  if (prev === -1) return rows;
  const end = blockEnd(rows, index);
  return [...rows.slice(0, prev), ...rows.slice(index, end), ...rows.slice(prev, index), ...rows.slice(end)];
}

/** Swaps the row's block with its next sibling's block; unchanged on the last sibling. */
export function moveDown(rows: TableRow[], index: number): TableRow[] {
  const next = nextSibling(rows, index);
  return next === -1 ? rows : moveUp(rows, next);
}

/** A new child row with the columns' defaults, placed last under the row. */
export function addChild(rows: TableRow[], index: number, columns: TableColumn[], now?: Date): TableRow[] {
  const parent = rowAt(rows, index);
  const child: TableRow = {
    ...defaultValues(columns, now),
    isSelected: false,
    __isChild: true,
    __parentNodeId: parent.__nodeId,
    __parentNode: parent.__parentNode + 1,
    __nodeId: newNodeId(),
  };
  const end = blockEnd(rows, index);
  return [...rows.slice(0, end), child, ...rows.slice(end)];
}

/** The row with one field (or several) replaced. */
export function updateRow(rows: TableRow[], index: number, patch: Record<string, unknown>): TableRow[] {
  return rows.map((r, i) => (i === index ? { ...r, ...patch } : r));
}
