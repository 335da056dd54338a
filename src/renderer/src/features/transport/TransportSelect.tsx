import { skipToken } from '@reduxjs/toolkit/query/react';
import { MenuItem, TextField } from '@mui/material';
import type { TransportOption } from '@shared/api/transport';
import { useT } from '@renderer/i18n/useT';
import { transportApi } from './transportApi';

export type TransportRole = 'vehicle' | 'driver' | 'escort';

export interface TransportSelectProps {
  role: TransportRole;
  label: string;
  value: number | null;
  onChange: (id: number | null) => void;
  required?: boolean;
  error?: string | null;
  sx?: object;
}

/** An entry's text: its plate or name, and 已过期 with the date when its permit or qualification has expired. */
export function useOptionLabel(): (o: TransportOption) => string {
  const t = useT();
  return (o) => (o.expired ? t('transport.expiredOption', { name: o.name, date: o.expiry }) : o.name);
}

/**
 * A vehicle, driver or escort of the registers (the enabled ones). An expired one may still be chosen (papers renewed
 * before loading), but shows 已过期: completing the order is refused until it is renewed.
 */
export function TransportSelect({ role, label, value, onChange, required, error, sx }: TransportSelectProps) {
  const t = useT();
  const labelOf = useOptionLabel();
  const vehicles = transportApi.useVehicleOptionsQuery(role === 'vehicle' ? undefined : skipToken).data;
  const crew = transportApi.useCrewOptionsQuery(role === 'vehicle' ? skipToken : { kind: role }).data;
  const options = (role === 'vehicle' ? vehicles : crew) ?? [];
  const chosen = options.find((o) => o.id === value);
  return (
    <TextField size="small" select label={label} value={chosen ? value : ''} required={required} sx={{ minWidth: 0, ...sx }}
      error={!!error || !!chosen?.expired} helperText={error ?? (chosen?.expired ? t('transport.expired') : undefined)}
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}>
      <MenuItem value="">{t('transport.choose')}</MenuItem>
      {options.map((o) => <MenuItem key={o.id} value={o.id}>{labelOf(o)}</MenuItem>)}
    </TextField>
  );
}
