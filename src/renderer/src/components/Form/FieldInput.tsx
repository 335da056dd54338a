import type { ReactNode } from 'react';
import { Checkbox, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel, MenuItem, Radio, RadioGroup, Switch, TextField } from '@mui/material';
import { NumberInput } from '@renderer/components/NumberInput';
import { DateField, RangePicker, type RangeValue } from '@renderer/components/RangePicker';
import { useWidgetT } from '@renderer/hooks/useWidgetT';
import { defaultPlaceholder } from './rules';
import type { FormField } from './types';

export interface FieldInputProps {
  field: FormField;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur?: () => void;
  error?: string | null;
  disabled?: boolean;
  /** Focus this field when it mounts (the first field of a dialog). */
  autoFocus?: boolean;
}

const RANGE_KIND = { daterange: 'date', datetimerange: 'datetime', timerange: 'time', monthrange: 'month' } as const;

/** The input for one declared field; the message shows under it. */
export function FieldInput({ field, value, onChange, onBlur, error, disabled, autoFocus }: FieldInputProps) {
  const t = useWidgetT();
  const type = field.type ?? 'text';
  const placeholder = defaultPlaceholder(field, t);
  const isDisabled = disabled || field.disabled;
  const required = field.rules?.some((r) => r.required) && !disabled;
  const common = { label: field.label, name: field.key, disabled: isDisabled, error: !!error, helperText: error ?? undefined, size: 'small' as const, fullWidth: true, required, onBlur, autoFocus };

  switch (type) {
    case 'text':
    case 'password':
    case 'textarea':
      return (
        <TextField
          {...common}
          type={type === 'password' ? 'password' : 'text'}
          multiline={type === 'textarea'}
          minRows={type === 'textarea' ? (field.rows ?? 3) : undefined}
          placeholder={placeholder}
          value={value ?? ''}
          onChange={(e) => onChange(e.target.value)}
          slotProps={{ htmlInput: { maxLength: field.maxLength }, inputLabel: { shrink: true } }}
        />
      );
    case 'number':
      return (
        <NumberInput
          {...common}
          placeholder={placeholder}
          value={value as number | null}
          onChange={onChange}
          min={field.min}
          max={field.max}
          step={field.step}
          decimal={field.decimal}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      );
    case 'select': {
      const labelOf = (v: unknown) => field.options?.find((o) => o.value === v)?.label ?? String(v);
      const current = field.multiple ? ((value as unknown[] | null) ?? []) : (value ?? '');
      return (
        <TextField
          {...common}
          select
          value={current}
          onChange={(e) => onChange(e.target.value)}
          slotProps={{
            inputLabel: { shrink: true },
            select: {
              multiple: field.multiple,
              displayEmpty: true,
              onClose: onBlur,
              renderValue: (v: unknown) => {
                const empty = Array.isArray(v) ? v.length === 0 : v === '' || v === null || v === undefined;
                if (empty) return <span style={{ opacity: 0.45 }}>{placeholder}</span>;
                return Array.isArray(v) ? v.map(labelOf).join('，') : labelOf(v);
              },
            },
          }}
        >
          {field.clearable && !field.multiple && <MenuItem value="">{t('widget.all')}</MenuItem>}
          {(field.options ?? []).map((o) => (
            <MenuItem key={String(o.value)} value={o.value} disabled={o.disabled}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      );
    }
    case 'date':
    case 'datetime':
    case 'time':
    case 'month':
    case 'year':
    case 'week':
      return <DateField label={field.label} name={field.key} disabled={isDisabled} error={!!error} helperText={error ?? undefined} fullWidth kind={type} placeholder={placeholder} format={field.format} valueFormat={field.valueFormat} value={value as string | null} onChange={onChange} />;
    case 'daterange':
    case 'datetimerange':
    case 'timerange':
    case 'monthrange':
      return (
        <Labelled label={field.label} error={error} required={required}>
          <RangePicker kind={RANGE_KIND[type]} format={field.format} valueFormat={field.valueFormat} value={value as RangeValue | null} onChange={onChange} disabled={isDisabled} error={!!error} />
        </Labelled>
      );
    case 'switch': {
      const on = field.activeValue ?? 1;
      const off = field.inactiveValue ?? 0;
      return (
        <Labelled label={field.label} error={error} required={required}>
          <Switch checked={value === on} disabled={isDisabled} onChange={(e) => onChange(e.target.checked ? on : off)} slotProps={{ input: { 'aria-label': field.label } }} />
        </Labelled>
      );
    }
    case 'radio':
      return (
        <Labelled label={field.label} error={error} required={required}>
          <RadioGroup row name={field.key} value={value ?? ''} onChange={(e) => onChange(field.options?.find((o) => String(o.value) === e.target.value)?.value ?? e.target.value)}>
            {(field.options ?? []).map((o) => (
              <FormControlLabel key={String(o.value)} value={o.value} label={o.label} disabled={isDisabled || o.disabled} control={<Radio size="small" />} />
            ))}
          </RadioGroup>
        </Labelled>
      );
    case 'checkbox': {
      const chosen = (value as unknown[] | null) ?? [];
      return (
        <Labelled label={field.label} error={error} required={required}>
          <FormGroup row>
            {(field.options ?? []).map((o) => (
              <FormControlLabel
                key={String(o.value)}
                label={o.label}
                disabled={isDisabled || o.disabled}
                control={<Checkbox size="small" checked={chosen.includes(o.value)} onChange={(e) => onChange(e.target.checked ? [...chosen, o.value] : chosen.filter((v) => v !== o.value))} />}
              />
            ))}
          </FormGroup>
        </Labelled>
      );
    }
  }
}

function Labelled({ label, error, required, children }: { label: string; error?: string | null; required?: boolean; children: ReactNode }) {
  return (
    <FormControl component="fieldset" error={!!error} required={required} fullWidth>
      <FormLabel component="legend" sx={{ fontSize: 12 }}>
        {label}
      </FormLabel>
      {children}
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}
