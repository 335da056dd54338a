/** Facts about column types: which fields a column writes, date formats, trimming, option keys, disabledDecide. */
import { DEFAULT_FORMATS, toDayjsFormat, type DateKind } from '@renderer/utils/dateFormats';
import type { ColumnType, DisabledDecide, SourceOption, TableColumn, TableRow } from './types';

const RANGE_KINDS: ColumnType[] = ['daterange', 'datetimerange', 'monthrange'];
const DATE_KINDS: ColumnType[] = ['year', 'month', 'date', 'dates', 'months', 'years', 'week', 'datetime', 'timepicker'];
const NO_FIELD_KINDS: ColumnType[] = ['index', 'operation', 'selection'];
const TRIMMED_KINDS: ColumnType[] = ['text', 'textarea', 'password'];

export const isRangeKind = (type: ColumnType): boolean => RANGE_KINDS.includes(type);
/** Single-value (or multi-pick) date and time kinds, not ranges. */
export const isDateKind = (type: ColumnType): boolean => DATE_KINDS.includes(type);
export const isTrimmedKind = (type: ColumnType): boolean => TRIMMED_KINDS.includes(type);

/** The row fields a column writes: none for index/operation/selection, two for ranges, else its key. */
export function columnFields(col: TableColumn): string[] {
  if (NO_FIELD_KINDS.includes(col.type)) return [];
  if (isRangeKind(col.type)) return col.key.split(',').map((k) => k.trim());
  return [col.key];
}

/** The DateField / RangePicker kind of a date column type. */
export function dateKindOf(type: ColumnType): DateKind {
  switch (type) {
    case 'year':
    case 'years':
      return 'year';
    case 'month':
    case 'months':
    case 'monthrange':
      return 'month';
    case 'datetime':
    case 'datetimerange':
      return 'datetime';
    case 'timepicker':
      return 'time';
    case 'week':
      return 'week';
    default:
      return 'date';
  }
}

/** The stored format of a date column: valueFormat, else format, else SPEC 9's default for its kind. */
export const storedDateFormat = (col: TableColumn): string => toDayjsFormat(col.valueFormat ?? col.format ?? DEFAULT_FORMATS[dateKindOf(col.type)]);

/** Option key names after valueProps. */
export function optionKeys(col: TableColumn): { value: string; label: string } {
  return { value: col.valueProps?.value ?? 'value', label: col.valueProps?.label ?? 'label' };
}

export const optionValue = (col: TableColumn, o: SourceOption): unknown => o[optionKeys(col).value];
export const optionLabel = (col: TableColumn, o: SourceOption): string => String(o[optionKeys(col).label] ?? '');

/** Labels of the chosen values, joined with ',' (what nameGroupCode receives). */
export function labelsOf(col: TableColumn, values: unknown[]): string {
  const source = col.source ?? [];
  return values
    .map((v) => source.find((o) => optionValue(col, o) === v))
    .filter((o): o is SourceOption => !!o)
    .map((o) => optionLabel(col, o))
    .join(',');
}

/** Labels along a cascader path, joined with ','. */
export function pathLabels(col: TableColumn, path: unknown[]): string {
  const labels: string[] = [];
  let level = col.source ?? [];
  for (const v of path) {
    const node = level.find((o) => optionValue(col, o) === v);
    if (!node) break;
    labels.push(optionLabel(col, node));
    level = node.children ?? [];
  }
  return labels.join(',');
}

/** True when disabledDecide forbids the row: some listed field differs from its allowed value(s). */
export function decidedDisabled(row: TableRow, decide: DisabledDecide | undefined): boolean {
  if (!decide) return false;
  return Object.entries(decide).some(([field, allowed]) =>
    Array.isArray(allowed) ? !allowed.includes(row[field]) : row[field] !== allowed,
  );
}

/** A cell is disabled by the column's disabled flag or by its disabledDecide for this row. */
export const cellDisabled = (col: TableColumn, row: TableRow): boolean => !!col.disabled || decidedDisabled(row, col.disabledDecide);
