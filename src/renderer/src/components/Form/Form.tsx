import { useImperativeHandle, useRef, useState, type FormEvent, type ReactNode, type Ref } from 'react';
import { Box } from '@mui/material';
import { useBreakpoint } from '@renderer/hooks/useBreakpoint';
import { useUnsavedChanges } from '@renderer/hooks/useUnsavedChanges';
import { useWidgetT } from '@renderer/hooks/useWidgetT';
import { FieldInput } from './FieldInput';
import { fieldError, formErrors, trimValues } from './rules';
import { sameValues } from './sameValues';
import type { FormField, FormHandle, FormValues, ValidateResult } from './types';

export interface FormProps {
  fields: FormField[];
  /** Controlled values; leave out to let the form keep its own, starting from initialValues. */
  values?: FormValues;
  initialValues?: FormValues;
  onChange?: (values: FormValues) => void;
  /** Every field read-only, and no rule applies (SPEC 5). */
  disabled?: boolean;
  /** Columns out of 24 for fields without a span (24). */
  defaultSpan?: number;
  /** Enter in a field (or a submit button among children) validates, then calls this with the trimmed values. */
  onSubmit?: (values: FormValues) => void;
  ref?: Ref<FormHandle>;
  /** Shown after the fields, e.g. the buttons. */
  children?: ReactNode;
  /** Focus the first visible field on mount (dialogs). */
  autoFocus?: boolean;
  /**
   * The values as saved: while the shown values differ, the form reports unsaved changes to its tab (closing
   * the tab asks first). A form keeping its own values compares with initialValues without this.
   */
  savedValues?: FormValues;
}

/** The generic form (SPEC 2, 5): fields declared as data, rules per field, text trimmed. */
export function Form({ fields, values: controlled, initialValues, onChange, disabled = false, defaultSpan = 24, onSubmit, ref, children, autoFocus = false, savedValues }: FormProps) {
  const t = useWidgetT();
  const breakpoint = useBreakpoint();
  const [own, setOwn] = useState<FormValues>(initialValues ?? {});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const values = controlled ?? own;
  const saved = savedValues ?? (controlled ? undefined : (initialValues ?? {}));
  useUnsavedChanges(!disabled && saved !== undefined && !sameValues(values, saved));
  // The latest values for the imperative handle, which may be called between renders.
  const latest = useRef(values);
  latest.current = values;

  const update = (next: FormValues) => {
    latest.current = next;
    if (!controlled) setOwn(next);
    onChange?.(next);
  };

  const validate = (): ValidateResult => {
    const trimmed = trimValues(fields, latest.current);
    if (JSON.stringify(trimmed) !== JSON.stringify(latest.current)) update(trimmed);
    const found = formErrors(fields, trimmed, disabled, t);
    setErrors(found);
    return { valid: Object.keys(found).length === 0, values: trimmed, errors: found };
  };

  useImperativeHandle(ref, () => ({
    validate,
    getValues: () => trimValues(fields, latest.current),
    setValues: update,
    reset: () => {
      update(initialValues ?? {});
      setErrors({});
    },
    clearErrors: () => setErrors({}),
  }));

  // A field already showing a message is re-checked as it changes, so the message leaves once corrected.
  const recheck = (field: FormField, next: FormValues) => {
    if (disabled) return;
    const message = fieldError(field, trimValues([field], next), t);
    setErrors((e) => {
      const { [field.key]: _drop, ...rest } = e;
      return message ? { ...rest, [field.key]: message } : rest;
    });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const result = validate();
    if (result.valid) onSubmit?.(result.values);
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gridTemplateColumns: 'repeat(24, minmax(0, 1fr))', columnGap: 2, rowGap: 2.5, pt: 1 }}>
      {fields
        .filter((f) => !f.hidden)
        .map((field, index) => (
          <Box key={field.key} sx={{ gridColumn: `span ${breakpoint === 'xs' ? 24 : (field.span ?? defaultSpan)}` }}>
            <FieldInput
              field={field}
              value={values[field.key]}
              disabled={disabled}
              autoFocus={autoFocus && index === 0}
              error={errors[field.key]}
              onChange={(v) => {
                const next = { ...latest.current, [field.key]: v };
                update(next);
                if (errors[field.key]) recheck(field, next);
              }}
              onBlur={() => recheck(field, latest.current)}
            />
          </Box>
        ))}
      {/* Lets Enter submit even when the caller shows no submit button. */}
      {onSubmit && <button type="submit" hidden />}
      {children && <Box sx={{ gridColumn: 'span 24' }}>{children}</Box>}
    </Box>
  );
}
