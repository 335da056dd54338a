import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Chip } from '@mui/material';
import { LabelContent, SettingFields, type SettingInfo, type SettingRow } from '@shared/api/setting';
import type { DataSourceKind } from '@shared/dataSources';
import { fromSchema, rulesFrom, type FormField, type FormValues } from '@renderer/components/Form';
import { ListPage, textOrNull, useActionsColumn, useFormDialog, useListFilters } from '@renderer/components/ListPage';
import type { TableColumn } from '@renderer/components/PaginatedTable';
import { useT } from '@renderer/i18n/useT';
import { notify } from '@renderer/notify/toast';
import { HasPermission } from '@renderer/permission/Permission';
import { useAppDispatch } from '@renderer/store/hooks';
import { labelApi } from './labelApi';
import { useDataSources } from '@renderer/features/lookups';
import { DIRECTION_OPTIONS, DPI_OPTIONS, LANG_OPTIONS, NEW_LABEL } from './labelOptions';

export const designerPath = (id: number) => `/tagSetting/label/set?id=${id}`;

/** 标签设置 (/Setting/tagSetting): the plant's label templates; 新增 asks the label's properties and opens the designer. */
export default function LabelListPage() {
  const t = useT();
  const sources = useDataSources();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const filters = useListFilters();
  const [save] = labelApi.useSaveLabelMutation();
  const [copy] = labelApi.useCopyLabelMutation();

  const filterFields: FormField[] = [{ key: 'keyword', label: t('label.name') }, { key: 'settingKey', label: t('label.key') }];
  const editor = useFormDialog<null>({
    title: () => t('label.add'),
    defaultSpan: 12,
    fields: () => [
      { key: 'name', label: t('label.name'), ...fromSchema(SettingFields, 'name') },
      { key: 'settingKey', label: t('label.key'), hint: t('label.keyHint'), ...fromSchema(SettingFields, 'settingKey', { patternMessage: t('common.codePattern', { label: t('label.key') }) }) },
      // Sizes in tenths of a millimetre: the form's step, not a bound of the body.
      { key: 'width', label: t('label.width'), type: 'number', ...fromSchema(LabelContent, 'width'), decimal: 1 },
      { key: 'height', label: t('label.height'), type: 'number', ...fromSchema(LabelContent, 'height'), decimal: 1 },
      { key: 'dpi', label: t('label.dpi'), type: 'select', options: DPI_OPTIONS, rules: rulesFrom(LabelContent, 'dpi') },
      { key: 'direction', label: t('label.direction'), type: 'select', options: DIRECTION_OPTIONS, rules: rulesFrom(LabelContent, 'direction') },
      { key: 'lang', label: t('label.lang'), type: 'select', options: LANG_OPTIONS, rules: rulesFrom(LabelContent, 'lang') },
      { key: 'dataSource', label: t('label.dataSource'), type: 'select', options: sources.options, rules: rulesFrom(SettingFields, 'dataSource') },
    ],
    initialValues: () => ({ ...NEW_LABEL, dataSource: 'CYLINDER', settingKey: 'FILLING' }),
    submit: async (v: FormValues) => {
      const content: LabelContent = {
        width: Number(v.width), height: Number(v.height), dpi: Number(v.dpi), direction: Number(v.direction) === 1 ? 1 : 0,
        lang: v.lang === 'zpl' ? 'zpl' : 'tspl', details: [],
      };
      const { id } = await save({
        kind: 'LABEL', name: String(v.name), settingKey: String(v.settingKey), dataSource: String(v.dataSource) as DataSourceKind, content,
      }).unwrap();
      void navigate(designerPath(id));
    },
  });

  const setEnabled = async (row: SettingRow, enabled: 0 | 1) => {
    const info = await dispatch(labelApi.endpoints.labelInfo.initiate({ key: 'LABEL', id: row.id }, { forceRefetch: true })).unwrap() as SettingInfo;
    if (info.kind !== 'LABEL') return;
    await save({
      kind: 'LABEL', id: row.id, name: info.name, settingKey: info.settingKey, dataSource: info.dataSource as DataSourceKind, content: info.content,
      enabled, isDefault: enabled ? info.isDefault as 0 | 1 : 0, remark: textOrNull(info.remark) ?? undefined,
    }).unwrap();
    notify(t('common.saved'), 'success');
  };
  const actions = useActionsColumn<SettingRow>([
    { label: t('label.design'), onClick: (row) => void navigate(designerPath(row.id)) },
    { label: t('label.copy'), permission: 'label:copy', onClick: (row) => void copy({ id: row.id }).unwrap().then(() => notify(t('label.copied', { name: `${row.name} 副本` }), 'success')) },
    { label: t('label.disable'), permission: 'label:save', show: (row) => row.enabled === 1, onClick: (row) => void setEnabled(row, 0) },
    { label: t('label.enable'), permission: 'label:save', show: (row) => row.enabled === 0, onClick: (row) => void setEnabled(row, 1) },
  ]);
  const columns = useMemo<TableColumn<SettingRow>[]>(() => [
    { field: 'name', headerName: t('label.name'), flex: 1, minWidth: 140 },
    { field: 'settingKey', headerName: t('label.key'), width: 130 },
    { field: 'dataSource', headerName: t('label.dataSource'), width: 100, valueFormatter: (v: string) => sources.nameOf(v) },
    {
      field: 'enabled', headerName: t('label.enabled'), width: 90,
      renderCell: ({ row }) => <Chip size="small" color={row.enabled ? 'success' : 'default'} label={t(row.enabled ? 'label.on' : 'label.off')} />,
    },
    { field: 'isDefault', headerName: t('label.default'), width: 70, valueFormatter: (v: number) => (v ? '✓' : '') },
    { field: 'version', headerName: t('label.version'), width: 70 },
    { field: 'updatedAt', headerName: t('label.updatedAt'), width: 170 },
    actions,
  ], [t, actions, sources]);

  return (
    <ListPage<SettingRow> fields={filterFields} filters={filters} columns={columns} query={labelApi.useLabelPageQuery}
      toQuery={(applied) => ({ ...applied, kind: 'LABEL' })}
      actions={(
        <HasPermission keys={['label:save']}>
          <Button variant="contained" color="success" onClick={() => editor.open()}>{t('common.add')}</Button>
        </HasPermission>
      )}>
      {editor.element}
    </ListPage>
  );
}
