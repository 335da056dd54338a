import { createRef } from 'react';
import { render, within } from '@testing-library/react';
import { vi } from 'vitest';
import { Toaster } from '@renderer/components/Toaster';
import { TableForm, type TableFormHandle, type TableFormProps } from './TableForm';
import type { ChangeReason, TableRow } from './types';

/** Renders a TableForm with spies; `last()` is the latest emitted rows, `reasons()` every reason so far. */
export function renderTableForm(props: Omit<TableFormProps, 'ref'>) {
  const onChange = vi.fn<(rows: TableRow[], reason: ChangeReason) => void>();
  const onValidate = vi.fn();
  const ref = createRef<TableFormHandle>();
  const view = render(
    <>
      <TableForm onChange={onChange} onValidate={onValidate} {...props} ref={ref} />
      <Toaster />
    </>,
  );
  const lastCall = () => {
    const call = onChange.mock.lastCall;
    if (!call) throw new Error('onChange was never called');
    return call;
  };
  const last = () => lastCall()[0];
  const lastReason = () => lastCall()[1];
  const reasons = () => onChange.mock.calls.map((c) => c[1]);
  /** The table cell of a row (0-based) and column key. */
  const cell = (row: number, key: string) => {
    const el = view.container.querySelector(`[data-cell="${row}:${key}"]`);
    if (!el) throw new Error(`no cell ${row}:${key}`);
    return within(el as HTMLElement);
  };
  const cellElement = (row: number, key: string) => view.container.querySelector(`[data-cell="${row}:${key}"]`) as HTMLElement;
  return { ...view, onChange, onValidate, ref, last, lastReason, reasons, cell, cellElement };
}
