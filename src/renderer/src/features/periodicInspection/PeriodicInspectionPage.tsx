import { useMemo, useState } from 'react';
import { Alert, Typography } from '@mui/material';
import { DuePageQuery, type DueRow } from '@shared/api/periodicInspection';
import { placeText } from '@shared/cylinder/place';
import { fromSchema, type FormField } from '@renderer/components/Form';
import { ListPage, useActionsColumn, useListFilters } from '@renderer/components/ListPage';
import type { TableColumn } from '@renderer/components/PaginatedTable';
import { intParam, useUrlFilters } from '@renderer/hooks/useUrlFilters';
import { useLanguage, useT } from '@renderer/i18n/useT';
import { periodicInspectionApi } from './periodicInspectionApi';
import { HistoryDrawer } from './HistoryDrawer';
import { RecordDialog, type RecordOutcome } from './RecordDialog';

export const DEFAULT_DAYS = 30;
const INITIAL = { days: DEFAULT_DAYS };

/** 定期检验: cylinders due within N days or overdue (highlighted); record an inspection; history per cylinder. */
export default function PeriodicInspectionPage() {
  const t = useT();
  const lang = useLanguage();
  const filters = useListFilters(INITIAL);
  useUrlFilters((p) => filters.search({ days: intParam(p, 'days') ?? DEFAULT_DAYS, ...(p.get('overdueOnly') === '1' ? { overdueOnly: true } : {}) }));
  const [recording, setRecording] = useState<DueRow | null>(null);
  const [history, setHistory] = useState<DueRow | null>(null);
  const [outcome, setOutcome] = useState<RecordOutcome | null>(null);

  const filterFields: FormField[] = [
    // The query may leave the days out (30); the filter always shows a number.
    { key: 'days', label: t('periodicInspection.days'), type: 'number', ...fromSchema(DuePageQuery, 'days', { required: true }) },
    { key: 'code', label: t('periodicInspection.code') },
    { key: 'overdueOnly', label: t('periodicInspection.overdueOnly'), type: 'switch', activeValue: true, inactiveValue: false },
  ];
  const actions = useActionsColumn<DueRow>([
    { label: t('periodicInspection.record'), permission: 'detect:record', onClick: setRecording },
    { label: t('periodicInspection.history'), onClick: setHistory },
  ]);
  const columns = useMemo<TableColumn<DueRow>[]>(() => [
    { field: 'code', headerName: t('periodicInspection.code'), flex: 1, minWidth: 120 },
    { field: 'materialName', headerName: t('periodicInspection.material'), width: 100 },
    { field: 'specification', headerName: t('periodicInspection.specification'), width: 90 },
    { field: 'lastInspectionDate', headerName: t('periodicInspection.lastDate'), width: 110 },
    { field: 'nextInspectionDate', headerName: t('periodicInspection.nextDate'), width: 110 },
    {
      field: 'daysLeft', headerName: t('periodicInspection.daysLeft'), width: 120,
      renderCell: ({ row }) => row.daysLeft < 0
        ? <Typography variant="inherit" component="span" color="error" sx={{ fontWeight: 700 }} data-overdue="true">{t('periodicInspection.overdueBy', { days: -row.daysLeft })}</Typography>
        : <Typography variant="inherit" component="span">{t('periodicInspection.dueIn', { days: row.daysLeft })}</Typography>,
    },
    { field: 'place', headerName: t('periodicInspection.location'), flex: 1, minWidth: 100, valueGetter: (_v: string, r) => placeText(r, lang === 'en' ? 'en' : 'zh') },
    actions,
  ], [t, lang, actions]);

  return (
    <ListPage<DueRow> fields={filterFields} filters={filters} query={periodicInspectionApi.useDuePageQuery} columns={columns}
      gridProps={{ getRowClassName: ({ row }) => (row.daysLeft < 0 ? 'overdue' : ''), sx: { '& .overdue': { bgcolor: 'rgba(211, 47, 47, 0.08)' } } }}
      above={outcome && (
        <Alert severity={outcome.passed ? 'success' : 'warning'} onClose={() => setOutcome(null)}>
          {outcome.passed ? t('periodicInspection.passedNext', { code: outcome.code, date: outcome.nextDate ?? '—' }) : t('periodicInspection.failedScrapped', { code: outcome.code })}
        </Alert>
      )}>
      {recording && <RecordDialog row={recording} onClose={() => setRecording(null)} onDone={(o) => (setRecording(null), setOutcome(o))} />}
      <HistoryDrawer row={history} onClose={() => setHistory(null)} />
    </ListPage>
  );
}
