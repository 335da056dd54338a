import { useMemo } from 'react';
import { Box, Chip, Stack, Tab, Tabs, Typography } from '@mui/material';
import type { DataGridProps, GridValidRowModel } from '@mui/x-data-grid';
import { actionLabel } from '@shared/lifecycle';
import type { FillingRow, ProduceEventRow, WeighingRow } from '@shared/api/production';
import type { FormField, FormValues } from '@renderer/components/Form';
import { ListPage, useListFilters } from '@renderer/components/ListPage';
import { dateRange, intParam, useUrlFilters } from '@renderer/hooks/useUrlFilters';
import type { PageQueryHook, TableColumn } from '@renderer/components/PaginatedTable';
import { statusLabel } from '@renderer/utils/productStatus';
import { useMaterialOptions } from '@renderer/features/lookups';
import { useLanguage, useT } from '@renderer/i18n/useT';
import { useScreenState } from '@renderer/hooks/useScreenState';
import { dateTime } from '@renderer/stations/format';
import { productionApi } from './productionApi';

type T = ReturnType<typeof useT>;
const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
const ACTIONS = ['pick', 'returnPick', 'fill', 'testPass', 'testFail', 'reweighPass', 'reweighFail', 'rollback'] as const;

/** The record filters as the history contract's: code, gas, day range, operator (and a list's own). */
export function historyQuery(v: FormValues): Record<string, unknown> {
  const range = (v.date as [string | null, string | null] | null | undefined) ?? [null, null];
  const { date: _date, code, operator, materialId, ...own } = v;
  return {
    ...own,
    code: text(code),
    operator: text(operator),
    materialId: typeof materialId === 'number' ? materialId : undefined,
    dateFrom: range[0] || undefined,
    dateTo: range[1] || undefined,
  };
}

/** 复秤记录: the result filter is 1/0 in the bar and a boolean in the contract. */
const reweighQuery = (v: FormValues): Record<string, unknown> => {
  const { passed, ...rest } = historyQuery(v);
  return { ...rest, passed: passed === 1 ? true : passed === 0 ? false : undefined };
};

export function historyFields(t: T, gases: { label: string; value: string | number }[]): FormField[] {
  return [
    { key: 'code', label: t('production.code'), span: 4 },
    { key: 'materialId', label: t('production.gas'), type: 'select', options: gases, span: 4 },
    { key: 'date', label: t('production.date'), type: 'daterange', span: 8 },
    { key: 'operator', label: t('production.operatedBy'), span: 4 },
  ];
}

/** Rows undone by a rollback stay listed, struck through. */
export const revertedRows: Partial<DataGridProps<GridValidRowModel>> = {
  getRowClassName: ({ row }) => ((row as { reverted?: boolean }).reverted ? 'reverted' : ''),
  sx: { '& .reverted': { color: 'text.disabled', textDecoration: 'line-through' } },
};

export function RevertedMark({ reverted }: { reverted: boolean }) {
  const t = useT();
  return reverted ? <Chip size="small" variant="outlined" color="warning" label={t('production.reverted')} sx={{ height: 20, fontSize: 12 }} /> : null;
}

/** The code column: the code, and 已回退 beside it on a row a rollback undid. */
export function codeColumn<R extends GridValidRowModel>(t: T, reverted: (row: R) => boolean, width = 150): TableColumn<R> {
  return {
    field: 'code', headerName: t('production.code'), width,
    renderCell: ({ row }) => (
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%' }}>
        <span>{String(row.code)}</span>
        <RevertedMark reverted={reverted(row)} />
      </Stack>
    ),
  };
}

const sourceLabel = (t: T, source: string) => (source === 'manual' ? t('production.source.manual') : source === 'scale' ? t('production.source.scale') : source);
const num = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));

function RecordList<R extends GridValidRowModel>({ name, fields, query, columns, toQuery = historyQuery }: {
  name: string;
  fields: FormField[];
  query: PageQueryHook<R>;
  columns: TableColumn<R>[];
  toQuery?: (v: FormValues) => Record<string, unknown>;
}) {
  const filters = useListFilters({}, `records.${name}`);
  // A dashboard figure opens 充装记录 of a day (or month), maybe of one gas.
  useUrlFilters((p) => {
    const range = dateRange(p);
    const materialId = intParam(p, 'materialId');
    if (p.get('records') === name && range) filters.search({ date: range, ...(materialId ? { materialId } : {}) });
  });
  return (
    <ListPage<R> fields={fields} filters={filters} filterSpan={4} toQuery={toQuery} query={query} columns={columns}
      stateKey={`records.${name}.table`} height="auto" defaultPageSize={10} gridProps={revertedRows as Partial<DataGridProps<R>>} />
  );
}

/**
 * The records below the stations: 充装记录, 复秤记录 and 生产流转 (every production event), newest first.
 * The table grows with its page (10 rows): the screen is the one scroll area, the station always on top.
 */
export function ProduceRecords() {
  const t = useT();
  const lang = useLanguage();
  const [tab, setTab] = useScreenState<'filling' | 'metage' | 'events'>('records.tab', 'filling');
  useUrlFilters((p) => { if (p.get('records') === 'filling') setTab('filling'); });
  const gases = useMaterialOptions(true);
  const base = useMemo(() => historyFields(t, gases), [t, gases]);

  const fillingColumns = useMemo<TableColumn<FillingRow>[]>(() => [
    { field: 'createdAt', headerName: t('production.time'), width: 145, valueFormatter: (v: string) => dateTime(v) },
    codeColumn<FillingRow>(t, (r) => r.reverted),
    { field: 'materialName', headerName: t('production.gas'), width: 90 },
    { field: 'lotNo', headerName: t('production.lotNo'), width: 110 },
    { field: 'filledWeight', headerName: t('production.filledWeight'), width: 95, valueFormatter: num },
    { field: 'filledPressure', headerName: t('production.filledPressure'), width: 110, valueFormatter: num },
    { field: 'source', headerName: t('production.source'), width: 75, valueFormatter: (v: string) => sourceLabel(t, v) },
    { field: 'operator', headerName: t('production.operatedBy'), width: 80 },
    { field: 'workstation', headerName: t('production.workstation'), flex: 1, minWidth: 90 },
  ], [t]);

  const reweighColumns = useMemo<TableColumn<WeighingRow>[]>(() => [
    { field: 'createdAt', headerName: t('production.time'), width: 145, valueFormatter: (v: string) => dateTime(v) },
    codeColumn<WeighingRow>(t, (r) => r.reverted),
    { field: 'materialName', headerName: t('production.gas'), width: 80 },
    { field: 'grossWeight', headerName: t('production.gross'), width: 65 },
    { field: 'tareWeight', headerName: t('production.tareCol'), width: 60 },
    { field: 'netWeight', headerName: t('production.net'), width: 60 },
    { field: 'targetNetWeight', headerName: t('production.targetCol'), width: 95, valueGetter: (_v, r) => `${r.targetNetWeight} ± ${r.tolerance}` },
    { field: 'deviation', headerName: t('production.deviation'), width: 60, valueFormatter: (v: number) => (v > 0 ? `+${v}` : String(v)) },
    {
      field: 'passed', headerName: t('production.result'), width: 70,
      renderCell: ({ row }) => <Typography variant="inherit" component="span" color={row.passed ? 'success.main' : 'error'} sx={{ fontWeight: 600 }}>{row.passed ? t('production.pass') : t('production.outOfTolerance')}</Typography>,
    },
    { field: 'source', headerName: t('production.source'), width: 75, valueFormatter: (v: string) => sourceLabel(t, v) },
    { field: 'operator', headerName: t('production.operatedBy'), width: 80 },
    { field: 'workstation', headerName: t('production.workstation'), flex: 1, minWidth: 80 },
  ], [t]);

  const eventColumns = useMemo<TableColumn<ProduceEventRow>[]>(() => [
    { field: 'at', headerName: t('production.time'), width: 145, valueFormatter: (v: string) => dateTime(v) },
    codeColumn<ProduceEventRow>(t, (r) => r.revertedById !== null),
    { field: 'actionName', headerName: t('production.action'), width: 110, valueGetter: (v: string, r) => (lang === 'en' ? actionLabel(r.action, 'en') : v || actionLabel(r.action)) },
    {
      field: 'toStatus', headerName: t('production.statusChange'), width: 150,
      valueGetter: (_v, r) => (r.fromStatus === null || r.fromStatus === r.toStatus ? statusLabel(t, r.toStatus) : `${statusLabel(t, r.fromStatus)} → ${statusLabel(t, r.toStatus)}`),
    },
    { field: 'operator', headerName: t('production.operatedBy'), width: 90 },
    { field: 'workstation', headerName: t('production.workstation'), flex: 1, minWidth: 90 },
  ], [t, lang]);

  const actionField: FormField = { key: 'action', label: t('production.action'), type: 'select', span: 4, options: ACTIONS.map((a) => ({ value: a, label: lang === 'en' ? actionLabel(a, 'en') : actionLabel(a) })) };
  const passedField: FormField = { key: 'passed', label: t('production.result'), type: 'select', span: 4, options: [{ value: 1, label: t('production.pass') }, { value: 0, label: t('production.outOfTolerance') }] };

  return (
    <Stack sx={{ minWidth: 0 }}>
      <Tabs value={tab} onChange={(_, v: typeof tab) => setTab(v)} aria-label={t('production.records')} sx={{ minHeight: 40, '& .MuiTab-root': { minHeight: 40, py: 0 } }}>
        <Tab value="filling" label={t('production.fillingRecords')} />
        <Tab value="metage" label={t('production.reweighRecords')} />
        <Tab value="events" label={t('production.events')} />
      </Tabs>
      <Box sx={{ pt: 1 }}>
        {tab === 'filling' && <RecordList<FillingRow> name="filling" fields={base} query={productionApi.useFillingHistoryQuery} columns={fillingColumns} />}
        {tab === 'metage' && <RecordList<WeighingRow> name="metage" fields={[...base, passedField]} query={productionApi.useMetageHistoryQuery} columns={reweighColumns} toQuery={reweighQuery} />}
        {tab === 'events' && <RecordList<ProduceEventRow> name="events" fields={[...base, actionField]} query={productionApi.useProduceEventsQuery} columns={eventColumns} />}
      </Box>
    </Stack>
  );
}
