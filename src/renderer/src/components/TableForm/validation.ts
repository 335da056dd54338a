/**
 * Table-form validation (SPEC section 5): every row is checked against each column's rule list; the
 * first failing rule's message of each field is kept; the messages are de-duplicated and joined with ','.
 */
import { numberProblem } from '@renderer/components/NumberInput/numberText';
import { t } from '@renderer/i18n/i18n';
import { cellDisabled, columnFields, isRangeKind } from './columnKinds';
import type { ColumnRule, FieldErrors, TableColumn, TableRow, ValidateResult } from './types';

export const MESSAGE_SEPARATOR = ',';

export function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0 || value.every(isEmpty);
  return false;
}

/** The size a min/max/len rule compares: a number itself, else a string's or array's length. */
function measure(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' || Array.isArray(value)) return value.length;
  return undefined;
}

/** The message of the first rule the value breaks, or undefined. Rules other than required skip empty values. */
export function checkRules(rules: ColumnRule[] | undefined, value: unknown, row: TableRow): string | undefined {
  for (const rule of rules ?? []) {
    if (rule.required && isEmpty(value)) return rule.message;
    if (isEmpty(value)) continue;
    if (rule.pattern !== undefined) {
      const re = typeof rule.pattern === 'string' ? new RegExp(rule.pattern) : rule.pattern;
      if (!re.test(String(value))) return rule.message;
    }
    const size = measure(value);
    if (rule.min !== undefined && size !== undefined && size < rule.min) return rule.message;
    if (rule.max !== undefined && size !== undefined && size > rule.max) return rule.message;
    if (rule.len !== undefined && size !== undefined && size !== rule.len) return rule.message;
    if (rule.validator) {
      const verdict = rule.validator(value, row);
      if (verdict === false) return rule.message;
      if (typeof verdict === 'string') return verdict;
    }
  }
  return undefined;
}

/** The value a column's rules see: [start, end] for ranges ([] unless both are set), else the field value. */
export function columnValue(col: TableColumn, row: TableRow): unknown {
  const fields = columnFields(col);
  if (!isRangeKind(col.type)) return fields[0] === undefined ? undefined : row[fields[0]];
  const ends = fields.map((f) => row[f]);
  return ends.some(isEmpty) ? [] : ends;
}

/** What a number cell holds that it must not: text that is no number, too many decimals, outside min/max. */
function numberMessage(col: TableColumn, value: unknown): string | undefined {
  if (col.type !== 'number' && col.type !== 'InputNumber') return undefined;
  const problem = numberProblem(typeof value === 'number' ? value : null, col);
  const label = col.label;
  switch (problem?.kind) {
    case 'notNumber': return t('widget.ruleNumber', { label });
    case 'decimal': return problem.n === 0 ? t('widget.ruleInteger', { label }) : t('widget.ruleDecimal', { label, n: problem.n });
    case 'min': return t('widget.ruleMin', { label, n: problem.n });
    case 'max': return t('widget.ruleMax', { label, n: problem.n });
    default: return undefined;
  }
}

/** Errors of one row, keyed by column key. Disabled cells are not checked (the user could not fix them). */
export function validateRow(row: TableRow, columns: TableColumn[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const col of columns) {
    if (columnFields(col).length === 0 || cellDisabled(col, row)) continue;
    const value = columnValue(col, row);
    const message = numberMessage(col, value) ?? (col.rule?.length ? checkRules(col.rule, value, row) : undefined);
    if (message) errors[col.key] = message;
  }
  return errors;
}

export function validateRows(rows: TableRow[], columns: TableColumn[]): ValidateResult & { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const messages: string[] = [];
  for (const row of rows) {
    const rowErrors = validateRow(row, columns);
    if (Object.keys(rowErrors).length === 0) continue;
    errors[row.__nodeId] = rowErrors;
    for (const m of Object.values(rowErrors)) if (!messages.includes(m)) messages.push(m);
  }
  return { success: messages.length === 0, message: messages.join(MESSAGE_SEPARATOR), errors };
}

/**
 * Errors after an edit: the row's shown errors are re-checked so a corrected field clears at once,
 * and a field newly broken shows only once validation has run (errors were being shown).
 */
export function recheckRow(errors: FieldErrors, row: TableRow, columns: TableColumn[]): FieldErrors {
  const shown = errors[row.__nodeId];
  if (!shown) return errors;
  const fresh = validateRow(row, columns);
  const next = { ...errors };
  if (Object.keys(fresh).length === 0) delete next[row.__nodeId];
  else next[row.__nodeId] = fresh;
  return next;
}
