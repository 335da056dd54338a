import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent } from '@testing-library/react';
import { renderTableForm } from '../testHelpers';
import type { TableColumn } from '../types';

/** Types a whole value into a picker field (its hidden input parses the text in the display format). */
function typeInto(cellElement: HTMLElement, text: string, which = 0) {
  const inputs = cellElement.querySelectorAll('input');
  fireEvent.change(inputs[which]!, { target: { value: text } });
}

afterEach(() => vi.useRealTimers());

describe('date kinds', () => {
  it('date, month, year, datetime and timepicker write text in their default formats (SPEC 9)', () => {
    const columns: TableColumn[] = [
      { key: 'day', label: '日期', type: 'date' },
      { key: 'month', label: '月份', type: 'month' },
      { key: 'year', label: '年份', type: 'year' },
      { key: 'at', label: '时间点', type: 'datetime' },
      { key: 'time', label: '时间', type: 'timepicker' },
    ];
    const { cellElement, last } = renderTableForm({ columns, defaultValue: [{}] });
    typeInto(cellElement(0, 'day'), '2024-03-05');
    typeInto(cellElement(0, 'month'), '2024-03');
    typeInto(cellElement(0, 'year'), '2024');
    typeInto(cellElement(0, 'at'), '2024-03-05 08:09:10');
    typeInto(cellElement(0, 'time'), '08:09:10');
    expect(last()[0]).toMatchObject({ day: '2024-03-05', month: '2024-03', year: '2024', at: '2024-03-05 08:09:10', time: '08:09:10' });
  });

  it('format changes what is shown, valueFormat what is stored', () => {
    const columns: TableColumn[] = [{ key: 'day', label: '日期', type: 'date', format: 'YYYY/MM/DD', valueFormat: 'YYYYMMDD' }];
    const { cellElement, last } = renderTableForm({ columns, defaultValue: [{ day: '20240102' }] });
    expect(cellElement(0, 'day').querySelector('input')).toHaveValue('2024/01/02');
    typeInto(cellElement(0, 'day'), '2024/03/05');
    expect(last()[0]!.day).toBe('20240305');
  });

  it('week stores the first day of the picked week', () => {
    const columns: TableColumn[] = [{ key: 'week', label: '周', type: 'week' }];
    const { cellElement, last } = renderTableForm({ columns, defaultValue: [{}] });
    typeInto(cellElement(0, 'week'), '2024-03-06'); // a Wednesday; zh-cn weeks start on Monday
    expect(last()[0]!.week).toBe('2024-03-04');
  });

  it('dates / months / years collect several values, each removable', () => {
    const columns: TableColumn[] = [{ key: 'days', label: '日期', type: 'dates' }];
    const { cellElement, cell, last } = renderTableForm({ columns, defaultValue: [{}] });
    typeInto(cellElement(0, 'days'), '2024-03-06');
    typeInto(cellElement(0, 'days'), '2024-03-01');
    expect(last()[0]!.days).toEqual(['2024-03-01', '2024-03-06']);
    fireEvent.click(cell(0, 'days').getAllByTestId('CancelIcon')[0]!);
    expect(last()[0]!.days).toEqual(['2024-03-06']);
  });

  it('months and years collect months and years in their formats', () => {
    const columns: TableColumn[] = [
      { key: 'ms', label: '月份', type: 'months' },
      { key: 'ys', label: '年份', type: 'years' },
    ];
    const { cellElement, last } = renderTableForm({ columns, defaultValue: [{}] });
    typeInto(cellElement(0, 'ms'), '2024-05');
    typeInto(cellElement(0, 'ms'), '2024-02');
    typeInto(cellElement(0, 'ys'), '2023');
    expect(last()[0]).toMatchObject({ ms: ['2024-02', '2024-05'], ys: ['2023'] });
  });

  it('isDefault prefills new rows with now', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2024, 4, 6, 7, 8, 9));
    const columns: TableColumn[] = [
      { key: 'day', label: '日期', type: 'date', isDefault: true },
      { key: 'at', label: '时间点', type: 'datetime', isDefault: true },
      { key: 'plain', label: '无默认', type: 'date' },
    ];
    const { ref, last } = renderTableForm({ columns });
    ref.current!.addRow();
    expect(last()[0]).toMatchObject({ day: '2024-05-06', at: '2024-05-06 07:08:09', plain: '' });
  });
});

describe('range kinds', () => {
  it('daterange shows 开始日期 至 结束日期 and writes the two fields named in key', () => {
    const columns: TableColumn[] = [{ key: 'startDate,endDate', label: '有效期', type: 'daterange' }];
    const { cellElement, cell, last } = renderTableForm({ columns, defaultValue: [{}] });
    expect(cell(0, 'startDate,endDate').getByText('至')).toBeInTheDocument();
    expect(cell(0, 'startDate,endDate').getAllByText('开始日期').length).toBeGreaterThan(0);
    expect(cell(0, 'startDate,endDate').getAllByText('结束日期').length).toBeGreaterThan(0);
    typeInto(cellElement(0, 'startDate,endDate'), '2024-03-01', 0);
    typeInto(cellElement(0, 'startDate,endDate'), '2024-03-31', 1);
    expect(last()[0]).toMatchObject({ startDate: '2024-03-01', endDate: '2024-03-31' });
  });

  it('datetimerange (开始时间 / 结束时间) and monthrange write two fields in their formats', () => {
    const columns: TableColumn[] = [
      { key: 'from,to', label: '时段', type: 'datetimerange' },
      { key: 'm1,m2', label: '月份', type: 'monthrange' },
    ];
    const { cellElement, cell, last } = renderTableForm({ columns, defaultValue: [{}] });
    expect(cell(0, 'from,to').getAllByText('开始时间').length).toBeGreaterThan(0);
    typeInto(cellElement(0, 'from,to'), '2024-03-01 08:00:00', 0);
    typeInto(cellElement(0, 'from,to'), '2024-03-01 17:30:00', 1);
    typeInto(cellElement(0, 'm1,m2'), '2024-01', 0);
    typeInto(cellElement(0, 'm1,m2'), '2024-06', 1);
    expect(last()[0]).toMatchObject({ from: '2024-03-01 08:00:00', to: '2024-03-01 17:30:00', m1: '2024-01', m2: '2024-06' });
  });
});
