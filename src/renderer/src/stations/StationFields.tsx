import { useCallback, useRef, type KeyboardEvent } from 'react';
import { Alert, Box, Checkbox, FormControlLabel, MenuItem, Stack, TextField, Typography } from '@mui/material';
import type { ScaleReadingEvent } from '@shared/devices';
import { NumberInput } from '@renderer/components/NumberInput';
import { useScreenState } from '@renderer/hooks/useScreenState';
import type { FieldOption } from '@renderer/components/Form';
import { useT } from '@renderer/i18n/useT';
import { useAppSelector } from '@renderer/store/hooks';
import { STATION_KEYS, useLocalSetting, type StationKey } from './localSetting';

/** Enter in a set-up field hands the focus back to the scan field: the station is keyboard-only. */
export const backToScan = (focusScan: () => void) => (e: KeyboardEvent) => {
  if (e.key === 'Enter') {
    e.preventDefault();
    focusScan();
  }
};

/** The station's operator, remembered on this PC (the signed-in user's name at first). */
export function useOperator(key: StationKey): [string, (name: string) => void] {
  const userName = useAppSelector((s) => s.auth.user?.name) ?? '';
  return useLocalSetting<string>(key, userName);
}

export function OperatorField({ value, onChange, focusScan }: { value: string; onChange: (v: string) => void; focusScan: () => void }) {
  const t = useT();
  return (
    <TextField size="small" label={t('production.operator')} value={value} onChange={(e) => onChange(e.target.value)} onKeyDown={backToScan(focusScan)}
      slotProps={{ htmlInput: { maxLength: 64 } }} />
  );
}

/** The gas chosen at the station, remembered on this PC (MATERIAL_WEIGHING). */
export const useStationGas = () => useLocalSetting<number | null>(STATION_KEYS.material, null);

export function GasSelect({ gases, value, onChange, focusScan, optional, label }: {
  /** The gases offered (the plant's enabled ones: lookups' useMaterialOptions()). */
  gases: readonly FieldOption[];
  value: number | null;
  onChange: (id: number | null) => void;
  focusScan: () => void;
  /** Offer 按气瓶登记的介质 (no gas): picking takes the cylinder's own gas. */
  optional?: boolean;
  label?: string;
}) {
  const t = useT();
  // A remembered gas that was stopped or removed is not offered: the field shows empty until chosen again.
  const known = value !== null && gases.some((g) => g.value === value);
  return (
    <TextField size="small" select label={label ?? t('production.gas')} value={known ? value : ''}
      onChange={(e) => {
        const v = e.target.value as number | '';
        onChange(v === '' ? null : Number(v));
        focusScan();
      }}
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}>
      <MenuItem value="" disabled={!optional}>{optional ? t('production.ownGas') : t('production.chooseGas')}</MenuItem>
      {gases.map((g) => <MenuItem key={g.value} value={g.value}>{g.label}</MenuItem>)}
    </TextField>
  );
}

/**
 * A value typed at a station for the cylinder about to be scanned (a weight, a pressure, a vacuum). It is
 * used by one scan and cleared, unless the operator fixes it on purpose for a rack of cylinders: then it
 * stays, is shown as fixed, and each record says it was.
 */
export interface TypedValue {
  value: number | null;
  setValue: (v: number | null) => void;
  fixed: boolean;
  setFixed: (fixed: boolean) => void;
  /** After a scan used it: cleared unless fixed. */
  used: () => void;
}

export function useTypedValue(name: string): TypedValue {
  const [value, setValue] = useScreenState<number | null>(`${name}.value`, null);
  const [fixed, setFixed] = useScreenState<boolean>(`${name}.fixed`, false);
  const latest = useRef(fixed);
  latest.current = fixed;
  const used = useCallback(() => {
    if (!latest.current) setValue(null);
  }, [setValue]);
  return { value, setValue, fixed, setFixed, used };
}

/** The typed value's field with its 整组固定 switch, and while fixed a line saying so for every scan. */
export function TypedValueField({ typed, label, unit, focusScan, disabled, helperText, min, max, decimal }: {
  typed: TypedValue;
  label: string;
  unit: string;
  focusScan: () => void;
  disabled?: boolean;
  helperText?: string;
  min: number;
  max: number;
  decimal: number;
}) {
  const t = useT();
  const fixedOn = typed.fixed && typeof typed.value === 'number' && !disabled;
  return (
    <Stack spacing={0.5}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <NumberInput size="small" label={label} value={typed.value} onChange={typed.setValue} min={min} max={max} decimal={decimal}
          disabled={disabled} helperText={helperText} onKeyDown={backToScan(focusScan)} sx={{ flex: 1 }} />
        <FormControlLabel sx={{ mr: 0, whiteSpace: 'nowrap' }} disabled={disabled}
          control={<Checkbox size="small" checked={typed.fixed} onChange={(e) => { typed.setFixed(e.target.checked); focusScan(); }} />}
          label={t('production.fixValue')} />
      </Stack>
      {fixedOn && (
        <Alert severity="warning" sx={{ py: 0 }} data-testid="fixed-value">
          {t('production.fixedValueOn', { value: typed.value!, unit })}
        </Alert>
      )}
    </Stack>
  );
}

/** The scale's live reading, large (green when stable), or why there is none (no desktop app, no reading yet). */
export function ScaleReadingBox({ reading, label }: { reading: ScaleReadingEvent | null; label: string }) {
  const t = useT();
  return (
    <Box data-testid="live-weight" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5, py: 0.5 }}>
      <Typography variant="caption" color="text.secondary">{label}</Typography>
      {reading ? (
        <Typography sx={{ fontSize: 24, fontWeight: 700, color: reading.stable ? 'success.main' : 'text.secondary' }}>
          {reading.weight.toFixed(3)} kg {reading.stable ? t('production.stable') : t('production.unstable')}
        </Typography>
      ) : (
        <Typography color="text.secondary">{window.api ? t('production.noReading') : t('production.noScale')}</Typography>
      )}
    </Box>
  );
}
