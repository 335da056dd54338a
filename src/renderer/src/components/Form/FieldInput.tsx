import type { ReactNode } from 'react';
import {
  Autocomplete, Box, Checkbox, createFilterOptions, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel, MenuItem, Radio, RadioGroup, Switch, TextField,
} from '@mui/material';
import { NumberInput } from '@renderer/components/NumberInput';
import { numberProblem } from '@renderer/components/NumberInput/numberText';
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
  const common = { label: field.label, name: field.key, disabled: isDisabled, error: !!error, helperText: error ?? field.hint, size: 'small' as const, fullWidth: true, required, onBlur, autoFocus };

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
          // The input's own live message (out of range, not a number) goes before the hint.
          helperText={error ?? (numberProblem(typeof value === 'number' ? value : null, field) ? undefined : field.hint)}
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
    case 'autocomplete':
      return <SuggestInput field={field} common={common} placeholder={placeholder} value={value} onChange={onChange} />;
    case 'date':
    case 'datetime':
    case 'time':
    case 'month':
    case 'year':
    case 'week':
      return <DateField label={field.label} name={field.key} disabled={isDisabled} error={!!error} helperText={error ?? field.hint} fullWidth kind={type} placeholder={placeholder} format={field.format} valueFormat={field.valueFormat} value={value as string | null} onChange={onChange} />;
    case 'daterange':
    case 'datetimerange':
    case 'timerange':
    case 'monthrange':
      return (
        <Labelled label={field.label} error={error} hint={field.hint} required={required}>
          <RangePicker kind={RANGE_KIND[type]} format={field.format} valueFormat={field.valueFormat} value={value as RangeValue | null} onChange={onChange} disabled={isDisabled} error={!!error} />
        </Labelled>
      );
    case 'switch': {
      const on = field.activeValue ?? 1;
      const off = field.inactiveValue ?? 0;
      return (
        <Labelled label={field.label} error={error} hint={field.hint} required={required}>
          <Switch checked={value === on} disabled={isDisabled} onChange={(e) => onChange(e.target.checked ? on : off)} slotProps={{ input: { 'aria-label': field.label } }} />
        </Labelled>
      );
    }
    case 'radio':
      return (
        <Labelled label={field.label} error={error} hint={field.hint} required={required}>
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
        <Labelled label={field.label} error={error} hint={field.hint} required={required}>
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

type CommonProps = { label: string; name: string; disabled?: boolean; error: boolean; helperText?: string; required?: boolean; onBlur?: () => void; autoFocus?: boolean };

/**
 * Free text with suggestions (MUI Autocomplete, freeSolo): the field's value is the text typed or the
 * value of the suggestion chosen; the list shows each suggestion's label and finds it by label or value.
 */
function SuggestInput({ field, common, placeholder, value, onChange }: { field: FormField; common: CommonProps; placeholder: string; value: unknown; onChange: (v: unknown) => void }) {
  const options = field.options ?? [];
  const values = [...new Set(options.map((o) => String(o.value)))];
  const labelOf = (v: string) => options.find((o) => String(o.value) === v)?.label ?? v;
  const filter = createFilterOptions<string>({ stringify: (v) => `${labelOf(v)} ${v}` });
  const text = value === null || value === undefined ? '' : String(value);
  return (
    <Autocomplete<string, false, false, true>
      freeSolo
      options={values}
      filterOptions={filter}
      value={text || null}
      inputValue={text}
      onInputChange={(_e, next) => onChange(next)}
      disabled={common.disabled}
      onBlur={common.onBlur}
      renderOption={({ key, ...props }, v) => (
        <Box component="li" key={key} {...props}>
          {labelOf(v)}
          {labelOf(v) !== v && <Box component="span" sx={{ ml: 1, color: 'text.secondary' }}>{v}</Box>}
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={common.label}
          name={common.name}
          error={common.error}
          helperText={common.helperText}
          required={common.required}
          autoFocus={common.autoFocus}
          placeholder={placeholder}
          size="small"
          slotProps={{
            ...params.slotProps,
            inputLabel: { ...params.slotProps.inputLabel, shrink: true },
            htmlInput: { ...params.slotProps.htmlInput, maxLength: field.maxLength },
          }}
        />
      )}
    />
  );
}

function Labelled({ label, error, hint, required, children }: { label: string; error?: string | null; hint?: string; required?: boolean; children: ReactNode }) {
  return (
    <FormControl component="fieldset" error={!!error} required={required} fullWidth>
      <FormLabel component="legend" sx={{ fontSize: 12 }}>
        {label}
      </FormLabel>
      {children}
      {(error || hint) && <FormHelperText>{error ?? hint}</FormHelperText>}
    </FormControl>
  );
}
