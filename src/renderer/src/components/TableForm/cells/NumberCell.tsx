import { IconButton, InputAdornment } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import { NumberInput } from '@renderer/components/NumberInput';
import { useWidgetT } from '@renderer/hooks/useWidgetT';
import { inputLabel, type CellProps } from './cellProps';

const toNumber = (v: unknown): number | null => (v === '' || v == null || Number.isNaN(Number(v)) ? null : Number(v));
const clamp = (v: number, min?: number, max?: number) => Math.min(max ?? Infinity, Math.max(min ?? -Infinity, v));

/** number and InputNumber through NumberInput (min, max, step, decimal); InputNumber adds −/+ step buttons. */
export function NumberCell({ col, row, index, disabled, error, onPatch }: CellProps) {
  const t = useWidgetT();
  const value = toNumber(row[col.key]);
  const step = col.step ?? 1;
  const stepBy = (sign: 1 | -1) => {
    const digits = col.decimal ?? 2;
    onPatch({ [col.key]: clamp(Number(((value ?? 0) + sign * step).toFixed(digits)), col.min, col.max) });
  };
  const label = inputLabel(col, index);
  const stepper = (sign: 1 | -1) => (
    <IconButton size="small" aria-label={`${label} ${sign > 0 ? '+' : '−'}`} disabled={disabled || (sign > 0 ? value !== null && col.max !== undefined && value >= col.max : value !== null && col.min !== undefined && value <= col.min)} onClick={() => stepBy(sign)}>
      {sign > 0 ? <AddIcon fontSize="inherit" /> : <RemoveIcon fontSize="inherit" />}
    </IconButton>
  );
  return (
    <NumberInput
      size="small"
      fullWidth
      value={value}
      min={col.min}
      max={col.max}
      step={step}
      decimal={col.decimal}
      disabled={disabled}
      error={!!error}
      placeholder={col.placeholder ?? t('widget.placeholderInput')}
      onChange={(v) => onPatch({ [col.key]: v })}
      slotProps={{
        htmlInput: { 'aria-label': label },
        input:
          col.type === 'InputNumber'
            ? { startAdornment: <InputAdornment position="start">{stepper(-1)}</InputAdornment>, endAdornment: <InputAdornment position="end">{stepper(1)}</InputAdornment> }
            : undefined,
      }}
    />
  );
}
