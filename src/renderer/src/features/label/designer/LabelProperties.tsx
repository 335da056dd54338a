import { FormControlLabel, MenuItem, Stack, Switch, TextField, Typography } from '@mui/material';
import type { LabelContent } from '@shared/api/setting';
import { NumberInput } from '@renderer/components/NumberInput';
import { useT } from '@renderer/i18n/useT';
import { useDataSources } from '@renderer/features/lookups';
import { DIRECTION_OPTIONS, DPI_OPTIONS, LANG_OPTIONS } from '../labelOptions';

/** What the designer saves besides the layout: the setting's name, purpose and flags. */
export interface LabelMeta {
  name: string;
  settingKey: string;
  dataSource: string;
  enabled: 0 | 1;
  isDefault: 0 | 1;
  remark: string | null;
}

interface Props {
  meta: LabelMeta;
  onMeta: (meta: LabelMeta) => void;
  label: LabelContent;
  onLabel: (label: LabelContent, field: string) => void;
}

/** The label's own properties (nothing selected): name, purpose, size, dpi, direction, printer language. */
export function LabelProperties({ meta, onMeta, label, onLabel }: Props) {
  const t = useT();
  const sources = useDataSources();
  const size = (key: 'width' | 'height', text: string, max: number) => (
    <NumberInput size="small" label={text} value={label[key]} min={5} max={max} decimal={1}
      onChange={(v) => { if (v !== null && v >= 5 && v <= max) onLabel({ ...label, [key]: v }, key); }} />
  );
  return (
    <Stack spacing={1.5} data-testid="label-properties">
      <Typography variant="body2" color="text.secondary">{t('label.noSelection')}</Typography>
      <TextField size="small" label={t('label.name')} value={meta.name} onChange={(e) => onMeta({ ...meta, name: e.target.value.slice(0, 64) })} />
      <TextField size="small" label={t('label.key')} value={meta.settingKey} helperText={t('label.keyHint')}
        onChange={(e) => onMeta({ ...meta, settingKey: e.target.value.replace(/[^A-Za-z0-9_.-]/g, '').slice(0, 64) })} />
      <TextField select size="small" label={t('label.dataSource')} value={meta.dataSource} onChange={(e) => onMeta({ ...meta, dataSource: e.target.value })}>
        {sources.options.map((o) => <MenuItem key={o.value} value={o.value}>{o.label}</MenuItem>)}
      </TextField>
      <Stack direction="row" spacing={1}>{size('width', t('label.width'), 300)}{size('height', t('label.height'), 1000)}</Stack>
      <Stack direction="row" spacing={1}>
        <TextField select fullWidth size="small" label={t('label.dpi')} value={label.dpi} onChange={(e) => onLabel({ ...label, dpi: Number(e.target.value) }, 'dpi')}>
          {DPI_OPTIONS.map((o) => <MenuItem key={o.value} value={o.value}>{o.label}</MenuItem>)}
        </TextField>
        <TextField select fullWidth size="small" label={t('label.direction')} value={label.direction}
          onChange={(e) => onLabel({ ...label, direction: Number(e.target.value) === 1 ? 1 : 0 }, 'direction')}>
          {DIRECTION_OPTIONS.map((o) => <MenuItem key={o.value} value={o.value}>{o.label}</MenuItem>)}
        </TextField>
      </Stack>
      <TextField select size="small" label={t('label.lang')} value={label.lang} onChange={(e) => onLabel({ ...label, lang: e.target.value === 'zpl' ? 'zpl' : 'tspl' }, 'lang')}>
        {LANG_OPTIONS.map((o) => <MenuItem key={o.value} value={o.value}>{o.label}</MenuItem>)}
      </TextField>
      <Stack direction="row">
        <FormControlLabel label={t('label.on')} control={<Switch checked={meta.enabled === 1} onChange={(e) => onMeta({ ...meta, enabled: e.target.checked ? 1 : 0, isDefault: e.target.checked ? meta.isDefault : 0 })} />} />
        <FormControlLabel label={t('label.default')} control={<Switch checked={meta.isDefault === 1} disabled={meta.enabled === 0} onChange={(e) => onMeta({ ...meta, isDefault: e.target.checked ? 1 : 0 })} />} />
      </Stack>
    </Stack>
  );
}
