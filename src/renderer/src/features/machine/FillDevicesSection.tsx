import { useEffect, useState } from 'react';
import { Button, FormControlLabel, IconButton, MenuItem, Paper, Stack, Switch, TextField, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import type { DesktopApi } from '@shared/ipc';
import { RELAY_BAUD_RATES, RELAY_LIMITS, type ScaleConfig, type SerialPortSummary } from '@shared/devices';
import type { FillStationConfig, RelayConfig } from '@shared/fill-cycle';
import { deviceErrorText } from '@renderer/devices/devices';
import { useT } from '@renderer/i18n/useT';
import { notify } from '@renderer/notify/toast';

const EMPTY_RELAY: RelayConfig = { name: '', path: '', baudRate: 9600, unitId: 1, coil: 0, normallyOpen: true, watchdogSeconds: 2 };
const EMPTY_STATION: FillStationConfig = { scale: '', relay: '', allowanceKg: 0.3, silenceSeconds: 2 };
/** Number inputs bounded by the same limits main validates with (RELAY_LIMITS). */
const bounds = (key: keyof typeof RELAY_LIMITS, step = 1) => ({ htmlInput: { min: RELAY_LIMITS[key].min, max: RELAY_LIMITS[key].max, step } });

/**
 * The filling permission (issue 34): relays (one coil of a Modbus RTU board each) and, per filling scale, which relay
 * it drives, the in-flight allowance and the silence limit. 测试 pulses the coil on for half a second.
 */
export function FillDevicesSection({ api }: { api: DesktopApi }) {
  const t = useT();
  const [relays, setRelays] = useState<RelayConfig[]>([]);
  const [stations, setStations] = useState<FillStationConfig[]>([]);
  const [scales, setScales] = useState<ScaleConfig[]>([]);
  const [ports, setPorts] = useState<SerialPortSummary[]>([]);

  useEffect(() => {
    void api.devicesListRelays().then(setRelays, () => setRelays([]));
    void api.devicesListFillStations().then(setStations, () => setStations([]));
    void api.devicesListScales().then(setScales, () => setScales([]));
    void api.devicesListSerialPorts().then(setPorts, () => setPorts([]));
  }, [api]);

  const updateRelay = (i: number, patch: Partial<RelayConfig>) => setRelays(relays.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const updateStation = (i: number, patch: Partial<FillStationConfig>) => setStations(stations.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  const save = async () => {
    try {
      const savedRelays = await api.devicesSaveRelays(relays);
      setRelays(savedRelays);
      setStations(await api.devicesSaveFillStations(stations));
      notify(t('machine.saved'), 'success');
    } catch (err) {
      notify(deviceErrorText(err));
    }
  };
  const test = async (relay: string | RelayConfig) => {
    try {
      const result = await api.devicesTestRelay(relay);
      notify(result.readBack ? t('machine.relayTested', { relay: result.relay }) : t('machine.relayNoReadBack', { relay: result.relay }), result.readBack ? 'success' : 'warning');
    } catch (err) {
      notify(t('machine.relayTestFailed', { reason: deviceErrorText(err) }));
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" gutterBottom>
        {t('machine.fillControl')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('machine.fillControlHint')}
      </Typography>
      <Stack spacing={1}>
        <Typography variant="subtitle2">{t('machine.relays')}</Typography>
        {relays.length === 0 && <Typography color="text.secondary">{t('common.noData')}</Typography>}
        {relays.map((relay, i) => (
          <Stack key={i} direction="row" spacing={1} data-testid="relay-row" sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <TextField size="small" label={t('machine.relayName')} placeholder={t('machine.relayNamePlaceholder')} value={relay.name} onChange={(e) => updateRelay(i, { name: e.target.value })} sx={{ width: 150 }} />
            <TextField size="small" label={t('machine.port')} placeholder="COM4" value={relay.path} onChange={(e) => updateRelay(i, { path: e.target.value })} sx={{ width: 160 }}
              slotProps={{ htmlInput: { list: 'relay-ports' } }} />
            <TextField select size="small" label={t('machine.baudRate')} value={relay.baudRate} onChange={(e) => updateRelay(i, { baudRate: Number(e.target.value) })} sx={{ width: 110 }}>
              {RELAY_BAUD_RATES.map((b) => (
                <MenuItem key={b} value={b}>
                  {b}
                </MenuItem>
              ))}
            </TextField>
            <TextField size="small" type="number" label={t('machine.unitId')} value={relay.unitId} onChange={(e) => updateRelay(i, { unitId: Number(e.target.value) })} sx={{ width: 90 }} slotProps={bounds('unitId')} />
            <TextField size="small" type="number" label={t('machine.coil')} value={relay.coil} onChange={(e) => updateRelay(i, { coil: Number(e.target.value) })} sx={{ width: 90 }} slotProps={bounds('coil')} />
            <TextField size="small" type="number" label={t('machine.watchdog')} value={relay.watchdogSeconds} onChange={(e) => updateRelay(i, { watchdogSeconds: Number(e.target.value) })} sx={{ width: 120 }}
              slotProps={bounds('watchdogSeconds', 0.1)} helperText={relay.watchdogSeconds === 0 ? t('machine.watchdogOff') : undefined} />
            <FormControlLabel control={<Switch checked={relay.normallyOpen} onChange={(e) => updateRelay(i, { normallyOpen: e.target.checked })} />} label={t('machine.normallyOpen')} />
            <Button size="small" variant="outlined" onClick={() => void test(relay)}>
              {t('machine.relayTest')}
            </Button>
            <IconButton aria-label={t('machine.remove')} onClick={() => setRelays(relays.filter((_r, j) => j !== i))}>
              <DeleteIcon />
            </IconButton>
          </Stack>
        ))}
        <datalist id="relay-ports">
          {ports.map((p) => (
            <option key={p.path} value={p.path} />
          ))}
        </datalist>
        <Stack direction="row">
          <Button onClick={() => setRelays([...relays, { ...EMPTY_RELAY }])}>{t('machine.addRelay')}</Button>
        </Stack>

        <Typography variant="subtitle2">{t('machine.fillStations')}</Typography>
        {stations.length === 0 && <Typography color="text.secondary">{t('common.noData')}</Typography>}
        {stations.map((station, i) => (
          <Stack key={i} direction="row" spacing={1} data-testid="fill-station-row" sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <TextField select size="small" label={t('machine.fillScale')} value={station.scale} onChange={(e) => updateStation(i, { scale: e.target.value })} sx={{ width: 200 }}>
              {scales.map((s) => (
                <MenuItem key={s.path} value={s.path}>
                  {s.path}
                </MenuItem>
              ))}
            </TextField>
            <TextField select size="small" label={t('machine.fillRelay')} value={station.relay} onChange={(e) => updateStation(i, { relay: e.target.value })} sx={{ width: 180 }}>
              {relays.filter((r) => r.name).map((r) => (
                <MenuItem key={r.name} value={r.name}>
                  {r.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField size="small" type="number" label={t('machine.allowanceKg')} value={station.allowanceKg} onChange={(e) => updateStation(i, { allowanceKg: Number(e.target.value) })} sx={{ width: 140 }} slotProps={bounds('allowanceKg', 0.01)} />
            <TextField size="small" type="number" label={t('machine.silenceSeconds')} value={station.silenceSeconds} onChange={(e) => updateStation(i, { silenceSeconds: Number(e.target.value) })} sx={{ width: 150 }} slotProps={bounds('silenceSeconds', 0.1)} />
            <Button size="small" variant="outlined" disabled={!station.relay} onClick={() => void test(relays.find((r) => r.name === station.relay) ?? station.relay)}>
              {t('machine.relayTest')}
            </Button>
            <IconButton aria-label={t('machine.remove')} onClick={() => setStations(stations.filter((_s, j) => j !== i))}>
              <DeleteIcon />
            </IconButton>
          </Stack>
        ))}
        <Stack direction="row" spacing={1}>
          <Button onClick={() => setStations([...stations, { ...EMPTY_STATION, scale: scales[0]?.path ?? '', relay: relays[0]?.name ?? '' }])}>{t('machine.addFillStation')}</Button>
          <Button variant="contained" onClick={() => void save()}>
            {t('common.save')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
