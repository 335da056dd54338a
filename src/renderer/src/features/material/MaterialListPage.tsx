import { useMemo } from 'react';
import { Button } from '@mui/material';
import type { MaterialRow } from '@shared/api/material';
import type { FormField } from '@renderer/components/Form';
import { ListPage, useActionsColumn, useConfirm, useFormDialog, useListFilters } from '@renderer/components/ListPage';
import type { TableColumn } from '@renderer/components/PaginatedTable';
import { optionLabel, useEnumOptions } from '@renderer/features/lookups';
import { useT } from '@renderer/i18n/useT';
import { notify } from '@renderer/notify/toast';
import { HasPermission } from '@renderer/permission/Permission';
import { materialApi } from './materialApi';
import { materialBody, materialFields, materialValues } from './materialForm';

const HAZARD_KEYS = ['flammable', 'toxic', 'oxidizing', 'corrosive'] as const;

/** 介质管理: the gases, their inspection and fill rules, 启用/停用. */
export default function MaterialListPage() {
  const t = useT();
  const categories = useEnumOptions('gasCategory');
  const filters = useListFilters();
  const confirm = useConfirm();
  const [save] = materialApi.useSaveMaterialMutation();
  const [setStatus] = materialApi.useSetMaterialStatusMutation();

  const filterFields: FormField[] = [
    { key: 'materialName', label: t('material.name') },
    { key: 'code', label: t('material.code') },
    { key: 'category', label: t('material.category'), type: 'select', options: categories },
    { key: 'status', label: t('material.status'), type: 'select', options: [{ label: t('material.statusOn'), value: 1 }, { label: t('material.statusOff'), value: 0 }] },
  ];
  const editor = useFormDialog<MaterialRow>({
    title: (row) => t(row ? 'material.edit' : 'material.add'),
    defaultSpan: 12,
    fields: (values) => materialFields(t, categories, values),
    initialValues: materialValues,
    submit: (v, row) => save(materialBody(v, row)).unwrap(),
  });
  // Stopping takes the gas out of new registrations: asked first. Starting again is harmless.
  const toggle = async (row: MaterialRow) => {
    const stop = row.status === 1;
    const run = () => setStatus({ id: row.id, status: stop ? 0 : 1 }).unwrap()
      .then(() => notify(t(stop ? 'material.stopped' : 'material.started'), 'success'));
    if (stop) await confirm({ title: t('material.stop'), message: t('material.confirmStop', { name: row.materialName }), danger: true, action: run });
    else await run().catch(() => undefined);
  };
  const actions = useActionsColumn<MaterialRow>([
    { label: t('common.edit'), permission: 'material:edit', onClick: editor.open },
    { label: t('material.stop'), permission: 'material:status', color: 'warning', show: (r) => r.status === 1, onClick: (r) => void toggle(r) },
    { label: t('material.start'), permission: 'material:status', show: (r) => r.status !== 1, onClick: (r) => void toggle(r) },
  ]);
  const columns = useMemo<TableColumn<MaterialRow>[]>(() => [
    { field: 'materialName', headerName: t('material.name'), flex: 1, minWidth: 110 },
    { field: 'materialShortName', headerName: t('material.shortName'), width: 90 },
    { field: 'code', headerName: t('material.code'), width: 90 },
    { field: 'category', headerName: t('material.category'), width: 100, valueFormatter: (v: string) => optionLabel(categories, v) },
    { field: 'hazards', headerName: t('material.hazards'), width: 130, valueGetter: (_v: unknown, row: MaterialRow) => HAZARD_KEYS.filter((k) => row[k]).map((k) => t(`material.${k}`)).join('、') },
    { field: 'inspectionIntervalYears', headerName: t('material.interval'), width: 130 },
    { field: 'status', headerName: t('material.status'), width: 70, valueFormatter: (v: number) => t(v === 1 ? 'material.statusOn' : 'material.statusOff') },
    { field: 'remark', headerName: t('common.remark'), flex: 1, minWidth: 90 },
    actions,
  ], [t, categories, actions]);

  return (
    <ListPage<MaterialRow> fields={filterFields} filters={filters} query={materialApi.useMaterialPageQuery} columns={columns}
      actions={(
        <HasPermission keys={['material:add']}>
          <Button variant="contained" color="success" onClick={() => editor.open()}>{t('common.add')}</Button>
        </HasPermission>
      )}>
      {editor.element}
    </ListPage>
  );
}
