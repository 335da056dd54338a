import { useMemo, useRef, useState } from 'react';
import { Box, Button } from '@mui/material';
import { GRID_CHECKBOX_SELECTION_COL_DEF } from '@mui/x-data-grid';
import type { RecordQuery, RecordRow } from '@shared/api/regulator';
import type { FormField, FormValues } from '@renderer/components/Form';
import { ListPage, useListFilters } from '@renderer/components/ListPage';
import { MIN_TABLE_HEIGHT, type TableColumn, type TableHandle } from '@renderer/components/PaginatedTable';
import { useLanguage, useT } from '@renderer/i18n/useT';
import { notify } from '@renderer/notify/toast';
import { HasPermission } from '@renderer/permission/Permission';
import { BackfillDialog } from './BackfillDialog';
import { kindName, kindOptions, RESENDABLE, shownTime, stateOptions } from './names';
import { RecordDialog } from './RecordDialog';
import { regulatorApi } from './regulatorApi';
import { StateChip } from './StateChip';

/** How often the board asks again while it is shown (a hidden tab's effects, polling too, are stopped). */
export const BOARD_POLL_MS = 5_000;

/** The board's page, fetched again every five seconds, so a record is seen going from 待发送 to 已接收. */
const useRecordsPolled = (arg: RecordQuery) => regulatorApi.useRegulatorRecordsQuery(arg, { pollingInterval: BOARD_POLL_MS });

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/** The records call's filters from the bar (paging is the table's). */
export function recordFilters(connectionId: number, v: FormValues): Omit<RecordQuery, 'page' | 'size'> {
  const q = { connectionId, kind: text(v.kind), state: text(v.state), day: text(v.day), cylinderCode: text(v.cylinderCode) };
  return Object.fromEntries(Object.entries(q).filter(([, value]) => value !== undefined)) as Omit<RecordQuery, 'page' | 'size'>;
}

/** 上报记录: the connection's records, filtered, with their state; 重新上报 the chosen ones, 补报 a range of days. */
export function RecordBoard({ connectionId }: { connectionId: number }) {
  const t = useT();
  const lang = useLanguage();
  const filters = useListFilters({}, 'records');
  const table = useRef<TableHandle>(null);
  const [chosen, setChosen] = useState<RecordRow[]>([]);
  const [detail, setDetail] = useState<number | null>(null);
  const [backfilling, setBackfilling] = useState(false);
  const [resend, { isLoading: resending }] = regulatorApi.useResendRegulatorRecordsMutation();
  const resendable = chosen.filter((r) => RESENDABLE.includes(r.state));

  const fields: FormField[] = [
    { key: 'kind', label: t('regulator.kind'), type: 'select', options: kindOptions(lang) },
    { key: 'state', label: t('regulator.state'), type: 'select', options: stateOptions(lang) },
    { key: 'day', label: t('regulator.day'), type: 'date', valueFormat: 'YYYY-MM-DD' },
    { key: 'cylinderCode', label: t('regulator.cylinderCode'), maxLength: 64 },
  ];
  const columns = useMemo<TableColumn<RecordRow>[]>(() => [
    { field: 'cylinderCode', headerName: t('regulator.cylinderCode'), width: 140 },
    { field: 'kind', headerName: t('regulator.kind'), width: 110, valueGetter: (_v, r) => kindName(r.kind, lang) },
    { field: 'recordId', headerName: t('regulator.recordId'), width: 190 },
    { field: 'eventAt', headerName: t('regulator.eventAt'), width: 160, valueGetter: (_v, r) => shownTime(r.eventAt) },
    { field: 'state', headerName: t('regulator.state'), width: 110, renderCell: ({ row }) => <StateChip state={row.state} /> },
    { field: 'reason', headerName: t('regulator.reason'), flex: 1, minWidth: 160 },
    {
      field: 'lastError', headerName: t('regulator.lastError'), flex: 1, minWidth: 140,
      renderCell: ({ row }) => <Box component="span" sx={{ color: 'error.main' }}>{row.lastError ?? ''}</Box>,
    },
    { field: 'attempts', headerName: t('regulator.attempts'), width: 90 },
    { field: 'sentAt', headerName: t('regulator.sentAt'), width: 160, valueGetter: (_v, r) => shownTime(r.sentAt) },
  ], [t, lang]);

  const sendAgain = async () => {
    const r = await resend({ connectionId, ids: resendable.map((x) => x.id) }).unwrap();
    notify(t('regulator.requeued', { n: r.requeued }), 'success');
    table.current?.clearSelection();
  };

  return (
    <ListPage<RecordRow> fields={fields} filters={filters} toQuery={(v) => recordFilters(connectionId, v)} query={useRecordsPolled}
      columns={columns} height="auto" stateKey="records" testId="regulator-records" selectable onSelectionChange={setChosen} ref={table}
      gridProps={{
        // A click on a row opens it; one on its checkbox only ticks it.
        onCellClick: ({ field, row }) => field !== GRID_CHECKBOX_SELECTION_COL_DEF.field && setDetail((row as RecordRow).id),
        sx: { border: 0, minHeight: MIN_TABLE_HEIGHT, '& .MuiDataGrid-row': { cursor: 'pointer' } },
      }}
      actions={(
        <HasPermission keys={['regulator:send']}>
          <Button variant="contained" color="warning" disabled={resendable.length === 0 || resending} onClick={() => void sendAgain().catch(() => undefined)}>
            {t('regulator.resend')}
          </Button>
          <Button variant="outlined" onClick={() => setBackfilling(true)}>{t('regulator.backfill')}</Button>
        </HasPermission>
      )}>
      <RecordDialog id={detail} onClose={() => setDetail(null)} />
      {backfilling && <BackfillDialog connectionId={connectionId} onClose={() => setBackfilling(false)} />}
    </ListPage>
  );
}
