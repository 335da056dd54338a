import type { KeyboardEvent } from 'react';
import { MenuItem, TextField } from '@mui/material';
import { useMaterialOptions } from '@renderer/features/lookups/useLookups';
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
    <TextField size="small" label={t('produce.operator')} value={value} onChange={(e) => onChange(e.target.value)} onKeyDown={backToScan(focusScan)}
      slotProps={{ htmlInput: { maxLength: 64 } }} />
  );
}

/** The gas chosen at the station, remembered on this PC (MATERIAL_WEIGHING). */
export const useStationGas = () => useLocalSetting<number | null>(STATION_KEYS.material, null);

export function GasSelect({ value, onChange, focusScan, optional, label }: {
  value: number | null;
  onChange: (id: number | null) => void;
  focusScan: () => void;
  /** Offer 按气瓶登记的介质 (no gas): picking takes the cylinder's own gas. */
  optional?: boolean;
  label?: string;
}) {
  const t = useT();
  const gases = useMaterialOptions();
  // A remembered gas that was stopped or removed is not offered: the field shows empty until chosen again.
  const known = value !== null && gases.some((g) => g.value === value);
  return (
    <TextField size="small" select label={label ?? t('produce.gas')} value={known ? value : ''}
      onChange={(e) => {
        const v = e.target.value as number | '';
        onChange(v === '' ? null : Number(v));
        focusScan();
      }}
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}>
      <MenuItem value="" disabled={!optional}>{optional ? t('produce.ownGas') : t('produce.chooseGas')}</MenuItem>
      {gases.map((g) => <MenuItem key={g.value} value={g.value}>{g.label}</MenuItem>)}
    </TextField>
  );
}
