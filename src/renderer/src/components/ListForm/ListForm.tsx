import { useImperativeHandle, useRef, type ReactNode, type Ref } from 'react';
import { Box, Stack } from '@mui/material';
import { Form, type FormField, type FormHandle, type FormValues } from '@renderer/components/Form';

export interface ListFormResult {
  /** True only when every item is valid (SPEC 5). */
  valid: boolean;
  values: FormValues[];
  /** Per item, the first message per failing field ({} for a valid item). */
  errors: Record<string, string>[];
}

export interface ListFormHandle {
  validate(): ListFormResult;
  getValues(): FormValues[];
}

export interface ListFormProps {
  fields: FormField[];
  /** One values object per item. */
  items: FormValues[];
  onChange?: (items: FormValues[]) => void;
  disabled?: boolean;
  defaultSpan?: number;
  /** Drawn above each item's form, e.g. a title and a remove button. */
  renderItemHeader?: (item: FormValues, index: number) => ReactNode;
  ref?: Ref<ListFormHandle>;
}

/** A list of generic forms sharing one field list; valid only when every item is. */
export function ListForm({ fields, items, onChange, disabled, defaultSpan, renderItemHeader, ref }: ListFormProps) {
  const forms = useRef<(FormHandle | null)[]>([]);
  const latest = useRef(items);
  latest.current = items;

  useImperativeHandle(ref, () => ({
    validate: () => {
      // Every item is validated (not just up to the first failure) so every message shows at once.
      const results = latest.current.map((item, i) => forms.current[i]?.validate() ?? { valid: true, values: item, errors: {} });
      return { valid: results.every((r) => r.valid), values: results.map((r) => r.values), errors: results.map((r) => r.errors) };
    },
    getValues: () => latest.current.map((item, i) => forms.current[i]?.getValues() ?? item),
  }));

  return (
    <Stack spacing={2}>
      {items.map((item, index) => (
        <Box key={index} role="group" aria-label={`#${index + 1}`}>
          {renderItemHeader?.(item, index)}
          <Form
            ref={(h) => void (forms.current[index] = h)}
            fields={fields}
            values={item}
            disabled={disabled}
            defaultSpan={defaultSpan}
            onChange={(next) => {
              const all = latest.current.map((it, i) => (i === index ? next : it));
              latest.current = all;
              onChange?.(all);
            }}
          />
        </Box>
      ))}
    </Stack>
  );
}
