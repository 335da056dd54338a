import { Checkbox, FormControlLabel, FormGroup, Radio, RadioGroup, Switch } from '@mui/material';
import { labelsOf, optionLabel, optionValue } from '../columnKinds';
import { inputLabel, type CellProps } from './cellProps';

/** radio: one value of source; nameGroupCode receives its label. */
export function RadioCell({ col, row, index, disabled, onPatch }: CellProps) {
  const source = col.source ?? [];
  const current = source.findIndex((o) => optionValue(col, o) === row[col.key]);
  return (
    <RadioGroup
      row
      aria-label={inputLabel(col, index)}
      value={current === -1 ? '' : String(current)}
      onChange={(_e, v) => {
        const option = source[Number(v)];
        if (!option) return;
        const value = optionValue(col, option);
        onPatch({ [col.key]: value, ...(col.nameGroupCode ? { [col.nameGroupCode]: labelsOf(col, [value]) } : {}) });
      }}
    >
      {source.map((o, i) => (
        <FormControlLabel key={i} value={String(i)} control={<Radio size="small" />} label={optionLabel(col, o)} disabled={disabled || !!o.disabled} />
      ))}
    </RadioGroup>
  );
}

/** checkbox: with source, the array of checked values (labels to nameGroupCode); without, one box storing 1/0. */
export function CheckboxCell({ col, row, index, disabled, onPatch }: CellProps) {
  const source = col.source;
  if (!source) {
    const on = col.activeValue ?? 1;
    return (
      <Checkbox
        size="small"
        checked={row[col.key] === on}
        disabled={disabled}
        onChange={(_e, checked) => onPatch({ [col.key]: checked ? on : (col.inactiveValue ?? 0) })}
        slotProps={{ input: { 'aria-label': inputLabel(col, index) } }}
      />
    );
  }
  const values: unknown[] = Array.isArray(row[col.key]) ? (row[col.key] as unknown[]) : [];
  const toggle = (value: unknown, checked: boolean) => {
    // Keep the source order whatever the clicking order.
    const next = source.map((o) => optionValue(col, o)).filter((v) => (v === value ? checked : values.includes(v)));
    onPatch({ [col.key]: next, ...(col.nameGroupCode ? { [col.nameGroupCode]: labelsOf(col, next) } : {}) });
  };
  return (
    <FormGroup row aria-label={inputLabel(col, index)}>
      {source.map((o, i) => (
        <FormControlLabel
          key={i}
          label={optionLabel(col, o)}
          disabled={disabled || !!o.disabled}
          control={<Checkbox size="small" checked={values.includes(optionValue(col, o))} onChange={(_e, c) => toggle(optionValue(col, o), c)} />}
        />
      ))}
    </FormGroup>
  );
}

/** switch: activeValue (1) when on, inactiveValue (0) when off (SPEC 9). */
export function SwitchCell({ col, row, index, disabled, onPatch }: CellProps) {
  const on = col.activeValue ?? 1;
  return (
    <Switch
      size="small"
      checked={row[col.key] === on}
      disabled={disabled}
      onChange={(_e, checked) => onPatch({ [col.key]: checked ? on : (col.inactiveValue ?? 0) })}
      slotProps={{ input: { 'aria-label': inputLabel(col, index) } }}
    />
  );
}
