import type { FieldRule, FormValues } from '@renderer/components/Form';

/** A cleared optional text field: null in a save body (the server reads '' and null alike, null says it). */
export const textOrNull = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** A number field's value, or nothing when empty (left out of the body, so the server's default applies). */
export const numberOrUndefined = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** Letters, digits and _ . - : what codes (gas, warehouse, customer, cylinder) may hold. */
export const CODE_PATTERN = /^[A-Za-z0-9_.-]+$/;
export const codeRule = (message: string): FieldRule => ({ pattern: CODE_PATTERN, message });

/** The values of a row for an edit form: its fields as they are. */
export const rowValues = <R extends object>(row: R | null): FormValues => (row ? ({ ...row } as FormValues) : {});
