import { useMemo, useState } from 'react';
import {
  Alert, Button, MenuItem, Paper, Stack, Tab, Table, TableBody, TableCell, TableHead, TableRow, Tabs, TextField, Typography,
} from '@mui/material';
import { QUALITY, type RecallQuery, type RecallRow } from '@shared/api/quality';
import { ExportButton } from '@renderer/components/ListPage';
import { PaginatedTable, type TableColumn } from '@renderer/components/PaginatedTable';
import { AppDialog } from '@renderer/components/AppDialog';
import { PageLoading } from '@renderer/components/PageLoading';
import { RangePicker } from '@renderer/components/RangePicker';
import { useMaterialOptions } from '@renderer/features/lookups';
import { statusLabel } from '@renderer/utils/productStatus';
import { StatusChip } from '@renderer/features/product';
import { useT } from '@renderer/i18n/useT';
import { notify } from '@renderer/notify/toast';
import { HasPermission } from '@renderer/permission/Permission';
import { Figure, Figures } from './charts';
import { qualityApi } from './qualityApi';

type Way = 'lot' | 'window' | 'cylinder';

/** The form's values as the one way of choosing the call takes (times 'YYYY-MM-DD HH:mm[:ss]', a 'T' read as a space). */
export function recallQuery(way: Way, v: { lotNo: string; materialId: string; from: string; to: string; code: string }): RecallQuery {
  const time = (s: string) => (s.length === 16 ? `${s.replace('T', ' ')}:00` : s.replace('T', ' '));
  if (way === 'lot') return { lotNo: v.lotNo.trim() };
  if (way === 'cylinder') return { code: v.code.trim() };
  return { ...(v.materialId ? { materialId: Number(v.materialId) } : {}), from: time(v.from), to: time(v.to) };
}

/** 通知: the reason, then one message to each user who handles those customers. */
function NotifyDialog({ query, onClose }: { query: RecallQuery; onClose: () => void }) {
  const t = useT();
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [send] = qualityApi.useRecallNotifyMutation();
  const submit = async () => {
    if (!reason.trim()) {
      setError(t('quality.reasonRequired'));
      return;
    }
    const done = await send({ ...query, reason: reason.trim() }).unwrap();
    // A recall reaches each user once: those notified before are named, not sent to again.
    const at = done.notifiedAt ?? '';
    if (done.recipients === 0) notify(t('quality.notifiedBefore', { m: done.alreadyNotified, at }), 'info');
    else if (done.alreadyNotified > 0) notify(t('quality.notifiedMore', { n: done.recipients, m: done.alreadyNotified, at }), 'success');
    else notify(t('quality.notified', { n: done.recipients }), 'success');
    onClose();
  };
  return (
    <AppDialog open title={t('quality.notifyTitle')} width={520} onClose={onClose} onSubmit={submit} submitText={t('quality.notify')} unsaved={reason.trim() !== ''}>
      <Stack spacing={1.5}>
        <Typography variant="body2" color="text.secondary">{t('quality.notifyHint')}</Typography>
        <TextField label={t('quality.notifyReason')} value={reason} required multiline minRows={2} error={!!error} helperText={error}
          slotProps={{ htmlInput: { maxLength: 200 } }} onChange={(e) => { setReason(e.target.value); setError(''); }} />
      </Stack>
    </AppDialog>
  );
}

/** 追溯召回: choose the fills (a lot, a gas over a fill window, or one cylinder's fill), see where every cylinder is now. */
export default function RecallPage() {
  const t = useT();
  const gases = useMaterialOptions(true);
  const [way, setWay] = useState<Way>('lot');
  const [form, setForm] = useState({ lotNo: '', materialId: '', from: '', to: '', code: '' });
  const [query, setQuery] = useState<RecallQuery | null>(null);
  const [notifying, setNotifying] = useState(false);
  const summary = qualityApi.useRecallSummaryQuery(query ?? {}, { skip: query === null });
  const set = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [k]: e.target.value }));
  const columns = useMemo<TableColumn<RecallRow>[]>(() => [
    { field: 'code', headerName: t('quality.code'), width: 140 },
    { field: 'status', headerName: t('quality.status'), width: 100, valueGetter: (_v, r) => statusLabel(t, r.status) },
    { field: 'filledAt', headerName: t('quality.filledAt'), width: 160 },
    { field: 'lotNo', headerName: t('quality.lotNo'), width: 130 },
    { field: 'customerName', headerName: t('quality.customer'), width: 150 },
    { field: 'contact', headerName: t('quality.contact'), width: 100 },
    { field: 'phone', headerName: t('quality.phone'), width: 130 },
    { field: 'orderNo', headerName: t('quality.orderNo'), width: 160 },
    { field: 'since', headerName: t('quality.since'), width: 160 },
  ], [t]);
  const s = summary.data;
  return (
    <Stack spacing={1.5} sx={{ p: 1.5 }}>
      <Paper variant="outlined" sx={{ p: 1.5 }}>
        <Tabs value={way} onChange={(_e, v: Way) => setWay(v)} aria-label={t('quality.recallBy')} sx={{ mb: 1 }}>
          <Tab value="lot" label={t('quality.byLot')} />
          <Tab value="window" label={t('quality.byWindow')} />
          <Tab value="cylinder" label={t('quality.byCylinder')} />
        </Tabs>
        <form onSubmit={(e) => { e.preventDefault(); setQuery(recallQuery(way, form)); }}>
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          {way === 'lot' && <TextField size="small" label={t('quality.lotNo')} value={form.lotNo} onChange={set('lotNo')} />}
          {way === 'window' && (
            <>
              <TextField select size="small" label={t('quality.gas')} sx={{ minWidth: 160 }} value={form.materialId} onChange={set('materialId')}>
                {gases.map((g) => <MenuItem key={g.value} value={String(g.value)}>{g.label}</MenuItem>)}
              </TextField>
              <RangePicker kind="datetime" value={[form.from || null, form.to || null]} startPlaceholder={t('quality.fromTime')} endPlaceholder={t('quality.toTime')}
                onChange={(v) => setForm((f) => ({ ...f, from: v?.[0] ?? '', to: v?.[1] ?? '' }))} />
            </>
          )}
          {way === 'cylinder' && <TextField size="small" label={t('quality.code')} value={form.code} onChange={set('code')} />}
          <Button type="submit" variant="contained">{t('quality.recall')}</Button>
          {query && <ExportButton endpoint={QUALITY.recallExport} arg={query} permission="qualityRecall:export" />}
          {query && s && s.cylinders > 0 && (
            <HasPermission keys={['qualityRecall:notify']}>
              <Button variant="outlined" color="warning" onClick={() => setNotifying(true)}>{t('quality.notify')}</Button>
            </HasPermission>
          )}
        </Stack>
        </form>
      </Paper>
      {notifying && query && <NotifyDialog query={query} onClose={() => setNotifying(false)} />}
      {query === null && <Typography color="text.secondary">{t('quality.chooseFirst')}</Typography>}
      {summary.isError && <Alert severity="error">{t('quality.loadFailed')}</Alert>}
      {summary.isFetching && !s && <PageLoading />}
      {query && s && (
        <>
          {s.lotNo && <Typography variant="subtitle1">{t('quality.recallLot', { lot: s.lotNo })}</Typography>}
          <Figures>
            <Figure label={t('quality.fills')} value={s.fills} testId="recall-fills" />
            <Figure label={t('quality.cylinders')} value={s.cylinders} testId="recall-cylinders" />
            <Figure label={t('quality.refilled')} value={s.refilled} />
          </Figures>
          <Paper variant="outlined" sx={{ p: 1.5 }}>
            <Typography variant="subtitle2" gutterBottom>{t('quality.byStatus')}</Typography>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {s.byStatus.length === 0 && <Typography color="text.secondary">{t('common.noData')}</Typography>}
              {s.byStatus.map((b) => <StatusChip key={b.status} status={b.status} label={`${statusLabel(t, b.status)}：${b.n}`} />)}
            </Stack>
          </Paper>
          <Paper variant="outlined" sx={{ p: 1.5 }}>
            <Typography variant="subtitle2" gutterBottom>{t('quality.holders')}</Typography>
            <Table size="small" aria-label={t('quality.holders')}>
              <TableHead>
                <TableRow>
                  {[t('quality.customer'), t('quality.contact'), t('quality.phone'), t('quality.cylinders'), t('quality.since')].map((h) => <TableCell key={h}>{h}</TableCell>)}
                </TableRow>
              </TableHead>
              <TableBody>
                {s.byCustomer.length === 0 && <TableRow><TableCell colSpan={5} align="center">{t('common.noData')}</TableCell></TableRow>}
                {s.byCustomer.map((c) => (
                  <TableRow key={c.id}>
                    <TableCell>{c.name}</TableCell><TableCell>{c.contact}</TableCell><TableCell>{c.phone}</TableCell>
                    <TableCell>{c.n}</TableCell><TableCell>{c.since}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Paper>
          <PaginatedTable<RecallRow> query={qualityApi.useRecallListQuery} columns={columns} filters={query}
            getRowId={(r) => r.fillId} defaultPageSize={15} testId="recall-list" />
        </>
      )}
    </Stack>
  );
}
