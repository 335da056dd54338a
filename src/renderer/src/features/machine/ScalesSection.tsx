import { useEffect, useState } from 'react';
import { Button, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import type { DesktopApi } from '@shared/ipc';
import { SCALE_BAUD_RATES, SCALE_PROTOCOLS, type ScaleConfig, type ScaleProtocol, type ScaleReadingEvent, type SerialPortSummary } from '@shared/devices';
import { deviceErrorText } from '@renderer/devices/devices';
import { useT } from '@renderer/i18n/useT';
import { notify } from '@renderer/notify/toast';

const PROTOCOL_LABELS: Record<ScaleProtocol, string> = {
  'yaohua-a9': '耀华 XK3190-A9',
  'yaohua-a12': '耀华 XK3190-A12(E)',
  'mt-sics': '梅特勒-托利多 MT-SICS',
  regex: '正则表达式',
};

/** Serial ports with their scale protocol and baud rate, opened on demand with a live weight. */
export function ScalesSection({ api }: { api: DesktopApi }) {
  const t = useT();
  const [ports, setPorts] = useState<SerialPortSummary[]>([]);
  const [scales, setScales] = useState<ScaleConfig[]>([]);
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const [live, setLive] = useState<Record<string, ScaleReadingEvent>>({});

  useEffect(() => {
    void api.devicesListScales().then(async (saved) => {
      const found = await api.devicesListSerialPorts().catch(() => [] as SerialPortSummary[]);
      setPorts(found);
      const known = new Set(saved.map((s) => s.path));
      setScales([...saved, ...found.filter((p) => !known.has(p.path)).map((p): ScaleConfig => ({ path: p.path, protocol: 'yaohua-a9', baudRate: 9600 }))]);
    });
    const offReading = api.on('devices:scaleReading', (r) => setLive((prev) => ({ ...prev, [r.path]: r })));
    const offError = api.on('devices:error', (e) => e.source === 'scale' && notify(deviceErrorText(new Error(e.message)), 'warning'));
    return () => {
      offReading();
      offError();
    };
  }, [api]);

  const update = (i: number, patch: Partial<ScaleConfig>) => setScales(scales.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  const toggle = async (scale: ScaleConfig) => {
    try {
      if (open[scale.path]) await api.devicesCloseScale(scale.path);
      else await api.devicesOpenScale(scale);
      setOpen({ ...open, [scale.path]: !open[scale.path] });
    } catch (err) {
      notify(deviceErrorText(err));
    }
  };
  const save = async () => {
    try {
      setScales(await api.devicesSaveScales(scales));
      notify(t('machine.saved'), 'success');
    } catch (err) {
      notify(deviceErrorText(err));
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" gutterBottom>
        {t('machine.scales')}
      </Typography>
      <Stack spacing={1}>
        {scales.length === 0 && <Typography color="text.secondary">{t('machine.noPorts')}</Typography>}
        {scales.map((scale, i) => {
          const reading = live[scale.path];
          return (
            <Stack key={scale.path} direction="row" spacing={1} data-testid="scale-row" sx={{ alignItems: 'center' }}>
              <Typography sx={{ width: 200 }} title={ports.find((p) => p.path === scale.path)?.manufacturer}>
                {scale.path}
              </Typography>
              <TextField select size="small" label={t('machine.protocol')} value={scale.protocol} onChange={(e) => update(i, { protocol: e.target.value as ScaleProtocol })} sx={{ width: 220 }}>
                {SCALE_PROTOCOLS.map((p) => (
                  <MenuItem key={p} value={p}>
                    {PROTOCOL_LABELS[p]}
                  </MenuItem>
                ))}
              </TextField>
              <TextField select size="small" label={t('machine.baudRate')} value={scale.baudRate} onChange={(e) => update(i, { baudRate: Number(e.target.value) })} sx={{ width: 120 }}>
                {SCALE_BAUD_RATES.map((b) => (
                  <MenuItem key={b} value={b}>
                    {b}
                  </MenuItem>
                ))}
              </TextField>
              {scale.protocol === 'regex' && (
                <TextField size="small" label={t('machine.pattern')} value={scale.pattern ?? ''} onChange={(e) => update(i, { pattern: e.target.value })} />
              )}
              <Button size="small" variant="outlined" onClick={() => void toggle(scale)}>
                {open[scale.path] ? t('machine.closeScale') : t('machine.openScale')}
              </Button>
              <Typography aria-label={t('machine.liveWeight')} sx={{ fontFamily: 'monospace', minWidth: 160 }}>
                {reading ? `${reading.weight.toFixed(3)} kg ${reading.stable ? t('machine.stable') : t('machine.unstable')}` : '—'}
              </Typography>
            </Stack>
          );
        })}
        <Stack direction="row">
          <Button variant="contained" onClick={() => void save()}>
            {t('common.save')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
