import { useState } from 'react';
import { Checkbox, FormControlLabel, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { NumberInput } from '@renderer/components/NumberInput';
import { useT } from '@renderer/i18n/useT';
import { usePermission } from '@renderer/permission/permission';
import { labelApi } from './labelApi';
import { PRINT_STATIONS, readStationPrint, saveStationPrint, type PrintStation, type StationPrintSetting } from './stationPrint';

/** 设备设置 → 工位打印标签: per station of this PC, print after a scan or not, the template, the printer and copies (saved as changed). */
export function StationPrintSection() {
  const t = useT();
  const canList = usePermission(['label:view']);
  const { data } = labelApi.useLabelListQuery({ kind: 'LABEL', enabled: 1 }, { skip: !canList });
  const templates = data ?? [];
  const [settings, setSettings] = useState(() => Object.fromEntries(PRINT_STATIONS.map((s) => [s, readStationPrint(s)])) as Record<PrintStation, StationPrintSetting>);
  const update = (station: PrintStation, patch: Partial<StationPrintSetting>) => {
    const next = { ...settings[station], ...patch };
    saveStationPrint(station, next);
    setSettings({ ...settings, [station]: next });
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6">{t('label.stationPrint')}</Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom>{t('label.stationPrintHint')}</Typography>
      {canList && templates.length === 0 && <Typography color="warning.main">{t('label.noTemplates')}</Typography>}
      <Stack spacing={1}>
        {PRINT_STATIONS.map((station) => {
          const s = settings[station];
          const known = templates.some((tpl) => tpl.id === s.templateId);
          return (
            <Stack key={station} direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid={`print-${station}`}>
              <Typography sx={{ width: 90 }}>{t(`label.station.${station}`)}</Typography>
              <FormControlLabel label={t('label.printAfter')} control={<Checkbox checked={s.enabled} onChange={(e) => update(station, { enabled: e.target.checked })} />} />
              <TextField select size="small" label={t('label.template')} value={s.templateId ?? ''} sx={{ width: 220 }}
                onChange={(e) => {
                  const tpl = templates.find((x) => x.id === Number(e.target.value));
                  update(station, { templateId: tpl?.id ?? null, templateName: tpl?.name ?? '' });
                }}>
                {!known && s.templateId !== null && <MenuItem value={s.templateId}>{s.templateName}</MenuItem>}
                {templates.map((tpl) => <MenuItem key={tpl.id} value={tpl.id}>{tpl.name}</MenuItem>)}
              </TextField>
              <TextField size="small" label={t('label.stationPrinter')} placeholder="tcp://10.0.0.5:9100?lang=tspl" value={s.printer} sx={{ width: 300 }}
                onChange={(e) => update(station, { printer: e.target.value.slice(0, 256) })} />
              <NumberInput size="small" label={t('label.copies')} value={s.copies} min={1} max={1000} decimal={0} sx={{ width: 90 }}
                onChange={(v) => { if (v && v >= 1 && v <= 1000) update(station, { copies: v }); }} />
            </Stack>
          );
        })}
      </Stack>
    </Paper>
  );
}
