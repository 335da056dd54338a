import { Autocomplete, TextField } from '@mui/material';
import type { FieldOption } from '@renderer/components/Form';
import { useCustomerOptions } from '@renderer/features/lookups';

export interface CustomerSelectProps {
  label: string;
  value: number | null;
  onChange: (id: number | null) => void;
  required?: boolean;
  /** Shown while none is chosen. */
  placeholder?: string;
  error?: string | null;
  /** After a choice (a station hands the focus back to its scan field). */
  onChosen?: () => void;
  size?: 'small' | 'medium';
  sx?: object;
}

/** A customer, found by typing part of its name or code (a plant has hundreds). */
export function CustomerSelect({ label, value, onChange, required, placeholder, error, onChosen, sx }: CustomerSelectProps) {
  const customers = useCustomerOptions();
  const chosen = customers.find((c) => c.value === value) ?? null;
  return (
    <Autocomplete<FieldOption>
      size="small"
      options={customers}
      value={chosen}
      onChange={(_e, option) => {
        onChange(option ? Number(option.value) : null);
        onChosen?.();
      }}
      isOptionEqualToValue={(a, b) => a.value === b.value}
      getOptionLabel={(o) => o.label}
      sx={{ minWidth: 0, ...sx }}
      renderInput={(params) => (
        <TextField {...params} label={label} placeholder={placeholder} required={required} error={!!error} helperText={error ?? undefined} slotProps={{ ...params.slotProps, inputLabel: { ...params.slotProps.inputLabel, shrink: true } }} />
      )}
    />
  );
}
