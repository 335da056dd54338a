import { useMemo, useRef, useState } from 'react';
import { Button } from '@mui/material';
import type { LogSetRow } from '@shared/api/log';
import type { FormField } from '@renderer/components/Form';
import { ListPage, useActionsColumn, useConfirmDelete, useListFilters } from '@renderer/components/ListPage';
import { AppDrawer } from '@renderer/components/AppDrawer';
import { PaginatedTable, type TableColumn, type TableHandle } from '@renderer/components/PaginatedTable';
import { useT } from '@renderer/i18n/useT';
import { HasPermission } from '@renderer/permission/Permission';
import { LogSettingDialog } from './LogSettingDialog';
import { logColumns } from './logColumns';
import { logApi } from './logApi';

/** The log rows of one setting's API, newest first. */
function SettingLogsDrawer({ row, onClose }: { row: LogSetRow | null; onClose: () => void }) {
  const t = useT();
  const columns = useMemo(() => logColumns(t, { sortByDuration: false }), [t]);
  return (
    <AppDrawer open={!!row} title={t('logSet.logsTitle', { name: row ? `${row.method} ${row.logUrl}` : '' })} onCancel={onClose} footer={null} width="70%">
      {row && <PaginatedTable columns={columns} filters={{ id: row.id }} defaultPageSize={15} query={logApi.useLogsBySetQuery} />}
    </AppDrawer>
  );
}

/**
 * 接口日志设置: per API, whether its calls are logged (a read too, or a change not at all) and which of
 * its parameters the log keeps. An API without a setting logs its changes with every parameter.
 */
export default function InterfaceLogSettingsPage() {
  const t = useT();
  const filters = useListFilters();
  const table = useRef<TableHandle>(null);
  const [editing, setEditing] = useState<{ row: LogSetRow | null } | null>(null);
  const [viewing, setViewing] = useState<LogSetRow | null>(null);
  const [remove] = logApi.useDeleteLogSetMutation();
  const { data: modules } = logApi.useLogModulesQuery();
  const moduleOptions = useMemo(() => (modules ?? []).map((m) => ({ label: m.moduleName, value: m.module })), [modules]);

  const fields: FormField[] = [
    { key: 'logUrl', label: t('log.path') },
    { key: 'module', label: t('log.module'), type: 'select', options: moduleOptions },
  ];
  const removeRow = useConfirmDelete<LogSetRow>({
    name: (row) => `${row.method} ${row.logUrl}`, remove: (row) => remove({ id: row.id }).unwrap(), onDeleted: () => table.current?.reload(),
  });
  const actions = useActionsColumn<LogSetRow>([
    { label: t('common.edit'), permission: 'logSetting:save', onClick: (row) => setEditing({ row }) },
    { label: t('logSet.viewLogs'), permission: 'log:view', onClick: setViewing },
    { label: t('common.delete'), permission: 'logSetting:delete', color: 'error', onClick: removeRow },
  ]);
  const columns = useMemo<TableColumn<LogSetRow>[]>(() => [
    { field: 'logUrl', headerName: t('logSet.interface'), flex: 1.5, minWidth: 220, valueGetter: (_v, row) => `${row.method} ${row.logUrl}`, sidx: 'logUrl', sortable: true },
    { field: 'logName', headerName: t('logSet.name'), flex: 1, minWidth: 140 },
    { field: 'moduleName', headerName: t('log.module'), width: 110 },
    { field: 'logged', headerName: t('logSet.logged'), width: 90, valueFormatter: (v: number) => t(v === 1 ? 'logSet.yes' : 'logSet.no') },
    { field: 'keptParams', headerName: t('logSet.keptParams'), flex: 1, minWidth: 120, valueFormatter: (v: string[]) => (v.length ? v.join('、') : t('logSet.keptAll')) },
    { field: 'remark', headerName: t('common.remark'), flex: 1, minWidth: 100 },
    actions,
  ], [t, actions]);

  return (
    <ListPage<LogSetRow> ref={table} fields={fields} filters={filters} query={logApi.useLogSetPageQuery} columns={columns}
      actions={(
        <HasPermission keys={['logSetting:save']}>
          <Button variant="contained" color="success" onClick={() => setEditing({ row: null })}>{t('common.add')}</Button>
        </HasPermission>
      )}>
      {editing && <LogSettingDialog row={editing.row} onClose={() => setEditing(null)} onSaved={() => table.current?.reload()} />}
      <SettingLogsDrawer row={viewing} onClose={() => setViewing(null)} />
    </ListPage>
  );
}
