import { useMemo, useRef, useState } from 'react';
import { Alert, Button, Stack, Typography } from '@mui/material';
import type { DuePageQuery, DueRow } from '@shared/api/inspection';
import { Form, type FormValues } from '@renderer/components/Form';
import { PaginatedTable, type PageParams, type TableColumn, type TableHandle } from '@renderer/components/PaginatedTable';
import { useT } from '@renderer/i18n/useT';
import { HasPermission } from '@renderer/permission/Permission';
import { fetchDuePage } from './detectApi';
import { HistoryDrawer } from './HistoryDrawer';
import { RecordDialog, type RecordOutcome } from './RecordDialog';

export const DEFAULT_DAYS = 30;

/** 定期检验: cylinders due within N days or overdue (highlighted); record an inspection; history per cylinder. */
export default function DetectPage() {
  const t = useT();
  const table = useRef<TableHandle>(null);
  const [draft, setDraft] = useState<FormValues>({ days: DEFAULT_DAYS });
  const [filters, setFilters] = useState<FormValues>({ days: DEFAULT_DAYS });
  const [recording, setRecording] = useState<DueRow | null>(null);
  const [history, setHistory] = useState<DueRow | null>(null);
  const [outcome, setOutcome] = useState<RecordOutcome | null>(null);

  const columns = useMemo<TableColumn<DueRow>[]>(() => [
    { field: 'code', headerName: t('detect.code'), flex: 1, minWidth: 130 },
    { field: 'materialName', headerName: t('detect.material'), width: 100 },
    { field: 'specification', headerName: t('detect.specification'), width: 90 },
    { field: 'lastInspectionDate', headerName: t('detect.lastDate'), width: 110 },
    { field: 'nextInspectionDate', headerName: t('detect.nextDate'), width: 110 },
    {
      field: 'daysLeft', headerName: t('detect.daysLeft'), width: 120,
      renderCell: ({ row }) => row.daysLeft < 0
        ? <Typography variant="inherit" component="span" color="error" sx={{ fontWeight: 700 }} data-overdue="true">{t('detect.overdueBy', { days: -row.daysLeft })}</Typography>
        : <Typography variant="inherit" component="span">{t('detect.dueIn', { days: row.daysLeft })}</Typography>,
    },
    { field: 'locationName', headerName: t('detect.location'), flex: 1, valueGetter: (v: string | null, r) => r.warehouseName ?? v },
    {
      field: 'actions', headerName: t('detect.actions'), width: 190,
      renderCell: ({ row }) => (
        <Stack direction="row">
          <HasPermission keys={['detect:record']}>
            <Button size="small" onClick={() => setRecording(row)}>{t('detect.record')}</Button>
          </HasPermission>
          <Button size="small" onClick={() => setHistory(row)}>{t('detect.history')}</Button>
        </Stack>
      ),
    },
  ], [t]);

  const done = (o: RecordOutcome) => (setRecording(null), setOutcome(o), table.current?.reload());

  return (
    <Stack spacing={1}>
      <Form values={draft} onChange={setDraft} onSubmit={setFilters} defaultSpan={6} fields={[
        { key: 'days', label: t('detect.days'), type: 'number', min: 0, max: 3650, decimal: 0, rules: [{ required: true }] },
        { key: 'code', label: t('detect.code') },
        { key: 'overdueOnly', label: t('detect.overdueOnly'), type: 'switch', activeValue: true, inactiveValue: false },
      ]}>
        <Button type="submit" variant="contained">{t('common.query')}</Button>
      </Form>
      {outcome && (
        <Alert severity={outcome.passed ? 'success' : 'warning'} onClose={() => setOutcome(null)}>
          {outcome.passed ? t('detect.passedNext', { code: outcome.code, date: outcome.nextDate ?? '—' }) : t('detect.failedScrapped', { code: outcome.code })}
        </Alert>
      )}
      <PaginatedTable<DueRow> ref={table} columns={columns} filters={filters} height={560}
        gridProps={{ getRowClassName: ({ row }) => (row.daysLeft < 0 ? 'overdue' : ''), sx: { '& .overdue': { bgcolor: 'rgba(211, 47, 47, 0.08)' } } }}
        fetchPage={(p: PageParams) => fetchDuePage(p as DuePageQuery)} />
      <RecordDialog row={recording} onClose={() => setRecording(null)} onDone={done} />
      <HistoryDrawer row={history} onClose={() => setHistory(null)} />
    </Stack>
  );
}
