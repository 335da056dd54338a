import { useMemo, useState } from 'react';
import { Button, Chip } from '@mui/material';
import type { SettingInfo, SettingRow } from '@shared/api/setting';
import type { DataSourceKind } from '@shared/dataSources';
import type { FormField } from '@renderer/components/Form';
import { ListPage, textOrNull, useActionsColumn, useListFilters } from '@renderer/components/ListPage';
import type { TableColumn } from '@renderer/components/PaginatedTable';
import { useT } from '@renderer/i18n/useT';
import { notify } from '@renderer/notify/toast';
import { HasPermission } from '@renderer/permission/Permission';
import { downloadFile } from '@renderer/components/FileViewer/fileApi';
import { useAppDispatch } from '@renderer/store/hooks';
import { OfficeEditor } from './OfficeEditor';
import { reportApi } from './reportApi';
import { TemplateDialog, type TemplateSave } from './TemplateDialog';
import { useDataSources } from '@renderer/features/lookups';
import { REPORT_OPTIONS, reportName } from './reportOptions';

type ReportInfo = Extract<SettingInfo, { kind: 'REPORT' }>;

/**
 * 报表模板 (/Setting/Report): the .docx templates of the documents the plant prints (质量证明书, 产品合格证,
 * 发货清单 and its own), paged on the server. 上传模板 adds one; a row is copied, enabled or disabled, made
 * the default of its report, downloaded (the path setting/info answers), its file replaced, or edited in the
 * plant's document server.
 */
export default function ReportListPage() {
  const t = useT();
  const sources = useDataSources();
  const dispatch = useAppDispatch();
  const filters = useListFilters();
  const [save] = reportApi.useSaveReportMutation();
  const [copy] = reportApi.useCopyReportMutation();
  const [dialog, setDialog] = useState<{ row: SettingRow | null } | null>(null);
  const [editing, setEditing] = useState<SettingRow | null>(null);

  const filterFields: FormField[] = [
    { key: 'keyword', label: t('report.name') },
    { key: 'settingKey', label: t('report.key'), type: 'select', options: REPORT_OPTIONS, clearable: true },
  ];

  const infoOf = async (row: SettingRow): Promise<ReportInfo | null> => {
    const info = await dispatch(reportApi.endpoints.reportInfo.initiate({ key: 'REPORT', id: row.id }, { forceRefetch: true })).unwrap() as SettingInfo;
    return info.kind === 'REPORT' ? info : null;
  };
  /** Saves the row again with some of its properties changed (the server bumps its version). */
  const resave = async (row: SettingRow, patch: Partial<Pick<ReportInfo, 'enabled' | 'isDefault' | 'content'>>) => {
    const info = await infoOf(row);
    if (!info) return;
    const next = { ...info, ...patch };
    await save({
      kind: 'REPORT', id: row.id, name: info.name, settingKey: info.settingKey, dataSource: info.dataSource as DataSourceKind,
      // The stored path is answered by info only, never saved.
      content: { fileId: next.content.fileId, fileName: next.content.fileName }, enabled: next.enabled as 0 | 1, isDefault: (next.enabled ? next.isDefault : 0) as 0 | 1,
      remark: textOrNull(info.remark) ?? undefined,
    }).unwrap();
  };
  const act = (work: () => Promise<unknown>, done: string) => void work().then(() => notify(done, 'success'), () => undefined);

  const saveTemplate = (row: SettingRow | null) => async ({ values, content }: TemplateSave) => {
    if (row) await resave(row, { content });
    else {
      await save({
        kind: 'REPORT', name: String(values.name), settingKey: String(values.settingKey), dataSource: String(values.dataSource) as DataSourceKind,
        content, enabled: 1, isDefault: values.isDefault ? 1 : 0, remark: textOrNull(values.remark) ?? undefined,
      }).unwrap();
    }
    notify(t('report.uploaded'), 'success');
  };

  const actions = useActionsColumn<SettingRow>([
    { label: t('report.edit'), permission: 'report:save', onClick: setEditing },
    { label: t('report.replace'), permission: 'report:upload', onClick: (row) => setDialog({ row }) },
    { label: t('report.download'), onClick: (row) => void infoOf(row).then((info) => (info?.content.path ? downloadFile(info.content.path) : undefined)).catch(() => undefined) },
    { label: t('report.copy'), permission: 'report:save', onClick: (row) => act(() => copy({ id: row.id }).unwrap(), t('report.copied', { name: `${row.name} 副本` })) },
    {
      label: t('report.setDefault'), permission: 'report:save', show: (row) => row.enabled === 1 && row.isDefault === 0,
      onClick: (row) => act(() => resave(row, { isDefault: 1 }), t('report.defaultSet', { name: row.name, report: reportName(row.settingKey) })),
    },
    { label: t('report.disable'), permission: 'report:save', show: (row) => row.enabled === 1, onClick: (row) => act(() => resave(row, { enabled: 0 }), t('common.saved')) },
    { label: t('report.enable'), permission: 'report:save', show: (row) => row.enabled === 0, onClick: (row) => act(() => resave(row, { enabled: 1 }), t('common.saved')) },
  ]);
  const columns = useMemo<TableColumn<SettingRow>[]>(() => [
    { field: 'name', headerName: t('report.name'), flex: 1, minWidth: 140 },
    { field: 'settingKey', headerName: t('report.key'), width: 120, valueFormatter: (v: string) => reportName(v) },
    { field: 'dataSource', headerName: t('report.dataSource'), width: 90, valueFormatter: (v: string) => sources.nameOf(v) },
    {
      field: 'enabled', headerName: t('report.enabled'), width: 80,
      renderCell: ({ row }) => <Chip size="small" color={row.enabled ? 'success' : 'default'} label={t(row.enabled ? 'report.on' : 'report.off')} />,
    },
    { field: 'isDefault', headerName: t('report.default'), width: 60, valueFormatter: (v: number) => (v ? '✓' : '') },
    { field: 'version', headerName: t('report.version'), width: 60 },
    { field: 'updatedBy', headerName: t('report.updatedBy'), width: 90 },
    { field: 'updatedAt', headerName: t('report.updatedAt'), width: 170 },
    actions,
  ], [t, actions, sources]);

  return (
    <ListPage<SettingRow> fields={filterFields} filters={filters} columns={columns} query={reportApi.useReportPageQuery}
      toQuery={(applied) => ({ ...applied, kind: 'REPORT' })}
      actions={(
        <HasPermission keys={['report:upload']}>
          <Button variant="contained" color="success" onClick={() => setDialog({ row: null })}>{t('report.upload')}</Button>
        </HasPermission>
      )}>
      {dialog && <TemplateDialog row={dialog.row} onClose={() => setDialog(null)} onSave={saveTemplate(dialog.row)} />}
      {editing && <OfficeEditor row={editing} onClose={() => setEditing(null)} />}
    </ListPage>
  );
}
