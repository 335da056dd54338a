import { useMemo, useState } from 'react';
import { LOG, type LogFilters, type LogRow } from '@shared/api/log';
import type { FormField, FormValues } from '@renderer/components/Form';
import { ExportButton, ListPage, useActionsColumn, useListFilters } from '@renderer/components/ListPage';
import type { TableColumn } from '@renderer/components/PaginatedTable';
import { useT } from '@renderer/i18n/useT';
import { LogDetailDrawer } from './LogDetailDrawer';
import { logColumns } from './logColumns';
import { logApi } from './logApi';

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/** The list contract's filters from the bar: the time range becomes start and end. */
export function logQuery(v: FormValues): LogFilters {
  const [start, end] = (v.range as [string | null, string | null] | null | undefined) ?? [null, null];
  const q: LogFilters = {
    userName: text(v.userName), start: start || undefined, end: end || undefined, module: text(v.module), path: text(v.path),
    result: v.result === 'success' || v.result === 'failure' ? v.result : undefined,
  };
  return Object.fromEntries(Object.entries(q).filter(([, value]) => value !== undefined));
}

/** 操作日志: who changed what, when, from where, and with which result; one entry in detail with its parameters. */
export default function LogListPage() {
  const t = useT();
  const filters = useListFilters();
  const [detail, setDetail] = useState<number | null>(null);
  const { data: modules } = logApi.useLogModulesQuery();
  const moduleOptions = useMemo(() => (modules ?? []).map((m) => ({ label: m.moduleName, value: m.module })), [modules]);

  const fields: FormField[] = [
    { key: 'userName', label: t('log.user'), span: 4 },
    { key: 'range', label: t('log.timeRange'), type: 'datetimerange', span: 8 },
    { key: 'module', label: t('log.module'), type: 'select', options: moduleOptions, span: 4 },
    { key: 'path', label: t('log.path'), span: 4 },
    { key: 'result', label: t('log.result'), type: 'select', options: [{ label: t('log.success'), value: 'success' }, { label: t('log.failure'), value: 'failure' }], span: 4 },
  ];
  const actions = useActionsColumn<LogRow>([{ label: t('log.detail'), onClick: (row) => setDetail(row.id) }]);
  const columns = useMemo<TableColumn<LogRow>[]>(() => [...logColumns(t), actions], [t, actions]);

  return (
    <ListPage<LogRow> fields={fields} filters={filters} toQuery={logQuery} query={logApi.useLogPageQuery} columns={columns}
      gridProps={{ onRowClick: ({ row }) => setDetail(row.id), sx: { border: 0, '& .MuiDataGrid-row': { cursor: 'pointer' } } }}
      actions={<ExportButton endpoint={LOG.export} arg={logQuery(filters.applied)} permission="log:export" />}>
      <LogDetailDrawer id={detail} onClose={() => setDetail(null)} />
    </ListPage>
  );
}
