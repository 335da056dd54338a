import type { MessageKey } from '@renderer/i18n/messages';
import { numberProblem } from '@renderer/components/NumberInput/numberText';
import type { FieldType, FormField, FormValues } from './types';

type Translate = (key: MessageKey, vars?: Record<string, string | number>) => string;

const TRIMMED: FieldType[] = ['text', 'textarea', 'autocomplete'];
const TYPED: FieldType[] = ['text', 'textarea', 'password', 'number', 'autocomplete'];

/** Whether a field is filled in by typing (placeholder 请输入) rather than by choosing (请选择). */
export const isTyped = (field: FormField): boolean => TYPED.includes(field.type ?? 'text');

export const defaultPlaceholder = (field: FormField, t: Translate): string =>
  field.placeholder ?? t(isTyped(field) ? 'widget.placeholderInput' : 'widget.placeholderSelect');

/** Text and textarea values trimmed (SPEC 5); everything else as is. */
export function trimValues(fields: FormField[], values: FormValues): FormValues {
  const out = { ...values };
  for (const f of fields) {
    const v = out[f.key];
    if (TRIMMED.includes(f.type ?? 'text') && typeof v === 'string') out[f.key] = v.trim();
  }
  return out;
}

export function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'number') return false; // NaN too: text that is no number is an entry, and wrong
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0 || value.every((v) => v === null || v === undefined || v === '');
  return false;
}

/** The first message of the first failing rule, or null. Empty optional values pass the other rules. */
export function fieldError(field: FormField, values: FormValues, t: Translate): string | null {
  const value = values[field.key];
  const label = field.label;
  for (const rule of field.rules ?? []) {
    if (rule.required && isEmpty(value)) {
      return rule.message ?? t(isTyped(field) ? 'widget.ruleRequiredInput' : 'widget.ruleRequiredSelect', { label });
    }
  }
  if (field.type === 'number') {
    const problem = numberProblem(typeof value === 'number' ? value : null, field);
    if (problem?.kind === 'notNumber') return t('widget.ruleNumber', { label });
    if (problem?.kind === 'decimal') return problem.n === 0 ? t('widget.ruleInteger', { label }) : t('widget.ruleDecimal', { label, n: problem.n });
    if (problem?.kind === 'min') return t('widget.ruleMin', { label, n: problem.n });
    if (problem?.kind === 'max') return t('widget.ruleMax', { label, n: problem.n });
  }
  for (const rule of field.rules ?? []) {
    if (isEmpty(value) && !rule.validator) continue;
    const size = typeof value === 'string' ? value.length : Array.isArray(value) ? value.length : null;
    if (rule.min !== undefined && size !== null && size < rule.min) return rule.message ?? t('widget.ruleMinLength', { label, n: rule.min });
    if (rule.max !== undefined && size !== null && size > rule.max) return rule.message ?? t('widget.ruleMaxLength', { label, n: rule.max });
    if (rule.pattern && !rule.pattern.test(String(value))) return rule.message ?? t('widget.rulePattern', { label });
    if (rule.test && !rule.test(String(value))) return rule.message ?? t('widget.rulePattern', { label });
    if (rule.validator) {
      const message = rule.validator(value, values);
      if (message) return message;
    }
  }
  return null;
}

/** Errors of every visible field; none at all while the form is disabled (SPEC 5). */
export function formErrors(fields: FormField[], values: FormValues, disabled: boolean, t: Translate): Record<string, string> {
  const errors: Record<string, string> = {};
  if (disabled) return errors;
  for (const f of fields) {
    if (f.hidden || f.disabled) continue;
    const message = fieldError(f, values, t);
    if (message) errors[f.key] = message;
  }
  return errors;
}
