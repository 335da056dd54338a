import { useState } from 'react';
import { Button, MenuItem, Paper, Stack, TextField } from '@mui/material';
import type { QualityFilter } from '@shared/api/quality';
import { RangePicker } from '@renderer/components/RangePicker';
import { useCustomerOptions, useMaterialOptions } from '@renderer/features/lookups';
import { useT } from '@renderer/i18n/useT';
import { qualityApi } from './qualityApi';

const iso = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** The last 30 days up to today, by day. */
export function defaultFilter(now = new Date()): QualityFilter {
  const from = new Date(now);
  from.setDate(from.getDate() - 29);
  return { from: iso(from), to: iso(now), bucket: 'day' };
}

/** Only the chosen filters: empty selects are left out of the body. */
export function filterBody(f: QualityFilter): QualityFilter {
  const body: QualityFilter = { from: f.from, to: f.to, bucket: f.bucket ?? 'day' };
  for (const k of ['materialId', 'customerId', 'operatorId'] as const) if (typeof f[k] === 'number') body[k] = f[k];
  return body;
}

interface Props {
  value: QualityFilter;
  onApply: (f: QualityFilter) => void;
  fields: Array<'material' | 'customer' | 'operator'>;
  actions?: React.ReactNode;
}

/** 期间、介质、客户、操作员 and 按日/按月; 查询 applies them (the server checks the period). */
export function QualityFilterBar({ value, onApply, fields, actions }: Props) {
  const t = useT();
  const [draft, setDraft] = useState<QualityFilter>(value);
  const gases = useMaterialOptions(true);
  const customers = useCustomerOptions();
  const { data: users } = qualityApi.useQualityUsersQuery(undefined, { skip: !fields.includes('operator') });
  const set = (patch: Partial<QualityFilter>) => setDraft((d) => ({ ...d, ...patch }));
  const select = (label: string, key: 'materialId' | 'customerId' | 'operatorId', options: Array<{ label: string; value: number | string }>) => (
    <TextField select size="small" label={label} sx={{ minWidth: 160 }} value={draft[key] ?? ''}
      onChange={(e) => set({ [key]: e.target.value === '' ? undefined : Number(e.target.value) })}>
      <MenuItem value="">{t('quality.all')}</MenuItem>
      {options.map((o) => <MenuItem key={o.value} value={o.value}>{o.label}</MenuItem>)}
    </TextField>
  );
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }}>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        {/* The plant's date pickers (YYYY-MM-DD, 开始日期 至 结束日期), as on every other screen, not the browser's own. */}
        <RangePicker value={[draft.from || null, draft.to || null]} startPlaceholder={t('quality.from')} endPlaceholder={t('quality.to')}
          onChange={(v) => set({ from: v?.[0] ?? '', to: v?.[1] ?? '' })} />
        {fields.includes('material') && select(t('quality.gas'), 'materialId', gases.map((g) => ({ label: g.label, value: g.value })))}
        {fields.includes('customer') && select(t('quality.customer'), 'customerId', customers.map((c) => ({ label: c.label, value: c.value })))}
        {fields.includes('operator') && select(t('quality.operator'), 'operatorId', (users ?? []).map((u) => ({ label: u.name, value: u.id })))}
        <TextField select size="small" label={t('quality.bucket')} sx={{ minWidth: 100 }} value={draft.bucket ?? 'day'}
          onChange={(e) => set({ bucket: e.target.value as 'day' | 'month' })}>
          <MenuItem value="day">{t('quality.byDay')}</MenuItem>
          <MenuItem value="month">{t('quality.byMonth')}</MenuItem>
        </TextField>
        <Button variant="contained" onClick={() => onApply(filterBody(draft))}>{t('common.query')}</Button>
        {actions}
      </Stack>
    </Paper>
  );
}
