import { useCallback, useEffect, useRef, useState } from 'react';
import { notify } from '@renderer/notify/toast';
import { addChild, appendRow, copyRow, defaultValues, deleteRow, moveDown, moveUp, normalizeRows, updateRow } from './rowModel';
import type { ChangeReason, FieldErrors, OperationKind, TableColumn, TableRow, ValidateResult } from './types';
import { recheckRow, validateRows } from './validation';

export interface TableRowsOptions {
  columns: TableColumn[];
  value?: Partial<TableRow>[];
  defaultValue?: Partial<TableRow>[];
  onChange?: (rows: TableRow[], reason: ChangeReason) => void;
  onValidate?: (result: ValidateResult) => void;
}

const OPERATION_REASON: Record<OperationKind, ChangeReason> = { copy: 'add', addChild: 'add', delete: 'delete', up: 'order', down: 'order' };

/**
 * The table form's rows and field errors. The rows in a ref are the truth (the imperative handle and
 * quick successive clicks read it); state mirrors it for rendering. Every change goes through commit,
 * which emits onChange(rows, reason).
 */
export function useTableRows({ columns, value, defaultValue, onChange, onValidate }: TableRowsOptions) {
  const [rows, setRowsState] = useState<TableRow[]>(() =>
    normalizeRows((value ?? defaultValue ?? []).map((r) => ({ ...defaultValues(columns), ...r }))),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const rowsRef = useRef(rows);
  const emitted = useRef<unknown>(value);
  const callbacks = useRef({ onChange, onValidate, columns });
  useEffect(() => {
    callbacks.current = { onChange, onValidate, columns };
  });

  const commit = useCallback((next: TableRow[], reason: ChangeReason) => {
    rowsRef.current = next;
    emitted.current = next;
    setRowsState(next);
    callbacks.current.onChange?.(next, reason);
  }, []);

  // init: once, with the initial rows (defaults filled in). The guard keeps StrictMode's second run quiet.
  const initDone = useRef(false);
  useEffect(() => {
    if (initDone.current) return;
    initDone.current = true;
    commit(rowsRef.current, 'init');
  }, [commit]);

  // Controlled use: a value other than the rows last emitted replaces the rows (without an event).
  useEffect(() => {
    if (!value || value === emitted.current) return;
    const next = normalizeRows(value);
    rowsRef.current = next;
    emitted.current = value;
    setRowsState(next);
    setErrors({});
  }, [value]);

  const patchRow = useCallback(
    (index: number, patch: Record<string, unknown>) => {
      const next = updateRow(rowsRef.current, index, patch);
      const row = next[index];
      if (row) setErrors((e) => recheckRow(e, row, callbacks.current.columns));
      commit(next, 'change');
    },
    [commit],
  );

  const operate = useCallback(
    (kind: OperationKind, index: number) => {
      const current = rowsRef.current;
      const cols = callbacks.current.columns;
      const next =
        kind === 'copy' ? copyRow(current, index) : kind === 'delete' ? deleteRow(current, index) : kind === 'up' ? moveUp(current, index) : kind === 'down' ? moveDown(current, index) : addChild(current, index, cols);
      if (next !== current) commit(next, OPERATION_REASON[kind]);
    },
    [commit],
  );

  const addRow = useCallback(() => commit(appendRow(rowsRef.current, callbacks.current.columns), 'add'), [commit]);

  const setRows = useCallback(
    (next: Partial<TableRow>[]) => {
      setErrors({});
      commit(normalizeRows(next), 'change');
    },
    [commit],
  );

  /** Checks every row; marks the failing fields, toasts the joined message, emits validate. */
  const validate = useCallback((): ValidateResult => {
    const result = validateRows(rowsRef.current, callbacks.current.columns);
    setErrors(result.errors);
    if (!result.success) notify(result.message, 'error');
    const outcome = { success: result.success, message: result.message };
    callbacks.current.onValidate?.(outcome);
    callbacks.current.onChange?.(rowsRef.current, 'validate');
    return outcome;
  }, []);

  const getRows = useCallback(() => rowsRef.current, []);

  return { rows, errors, patchRow, operate, addRow, setRows, validate, getRows };
}
