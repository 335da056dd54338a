import { useRef } from 'react';
import { MenuItem, Stack, TextField, Typography } from '@mui/material';
import type { LabelDetail } from '@shared/devices';
import type { DataSourceKind } from '@shared/dataSources';
import { NumberInput } from '@renderer/components/NumberInput';
import { useT } from '@renderer/i18n/useT';
import { FieldPicker } from './FieldPicker';

const TSPL_FONTS = ['', 'TSS24.BF2', '1', '2', '3', '4', '5', '6', '7', '8'];

/** Every field of SPEC section 3's detail item for the selected item, in millimetres. */
export function ItemProperties({ item, source, onChange }: { item: LabelDetail; source: DataSourceKind; onChange: (next: LabelDetail, field: string) => void }) {
  const t = useT();
  const content = useRef<HTMLInputElement | null>(null);
  const set = <K extends keyof LabelDetail>(key: K, value: LabelDetail[K]) => onChange({ ...item, [key]: value }, key);
  const num = (key: 'x' | 'y' | 'size' | 'fontSize', label: string, min: number, max: number, decimal = 2) => (
    <NumberInput size="small" label={label} value={item[key] ?? null} min={min} max={max} decimal={decimal} step={0.5}
      onChange={(v) => { if (v !== null && !Number.isNaN(v) && v >= min && v <= max) set(key, v); }} />
  );
  const select = <K extends 'textAlign' | 'position' | 'errorLevel'>(key: K, label: string, options: [string, string][]) => (
    <TextField select size="small" label={label} value={item[key] ?? ''} onChange={(e) => set(key, (e.target.value || undefined) as LabelDetail[K])}>
      {options.map(([value, text]) => <MenuItem key={value} value={value}>{text}</MenuItem>)}
    </TextField>
  );
  const insert = (placeholder: string) => {
    const el = content.current;
    const at = el?.selectionStart ?? item.content.length;
    const end = el?.selectionEnd ?? at;
    set('content', `${item.content.slice(0, at)}${placeholder}${item.content.slice(end)}`);
  };
  const sides: [string, string][] = [['left', t('label.left')], ['center', t('label.center')], ['right', t('label.right')]];
  return (
    <Stack spacing={1.5} data-testid="item-properties">
      <Typography variant="subtitle2">{t('label.type')}：{t(item.type === 'FONT' ? 'label.font' : item.type === 'BARCODE' ? 'label.barcode' : 'label.qrcode')}</Typography>
      <Stack direction="row" spacing={1}>{num('x', t('label.x'), 0, 2000)}{num('y', t('label.y'), 0, 2000)}</Stack>
      {item.type === 'FONT' && (
        <>
          {num('fontSize', t('label.fontSize'), 0.5, 200, 1)}
          <TextField select size="small" label={t('label.fontName')} value={item.font ?? ''} onChange={(e) => set('font', e.target.value || undefined)}>
            {TSPL_FONTS.map((f) => <MenuItem key={f || 'default'} value={f}>{f || t('label.fontDefault')}</MenuItem>)}
          </TextField>
          {select('textAlign', t('label.textAlign'), sides)}
          {select('position', t('label.position'), [['', t('label.positionNone')], ...sides])}
        </>
      )}
      {item.type === 'BARCODE' && <>{num('size', t('label.barHeight'), 1, 200, 1)}{num('fontSize', t('label.fontSize'), 0.5, 200, 1)}</>}
      {item.type === 'QRCODE' && (
        <>
          {num('size', t('label.qrSize'), 2.5, 25, 1)}
          {select('errorLevel', t('label.errorLevel'), [['L', 'L (7%)'], ['M', 'M (15%)'], ['Q', 'Q (25%)'], ['H', 'H (30%)']])}
        </>
      )}
      <TextField size="small" multiline minRows={2} label={t('label.content')} value={item.content} inputRef={content} helperText={t('label.contentHint')}
        onChange={(e) => set('content', e.target.value.split('\0').join('').slice(0, 4096))} />
      <FieldPicker source={source} onPick={insert} />
    </Stack>
  );
}
