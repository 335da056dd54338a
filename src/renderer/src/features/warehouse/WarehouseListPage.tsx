import { useMemo } from 'react';
import { Button } from '@mui/material';
import { WarehouseSaveBody, type WarehouseRow } from '@shared/api/warehouse';
import { fromSchema, type FormField, type FormValues } from '@renderer/components/Form';
import {
  ListPage, rowValues, textOrNull, useActionsColumn, useConfirmDelete, useFormDialog, useListFilters,
} from '@renderer/components/ListPage';
import type { TableColumn } from '@renderer/components/PaginatedTable';
import { optionLabel, useEnumOptions } from '@renderer/features/lookups';
import { useT } from '@renderer/i18n/useT';
import { HasPermission } from '@renderer/permission/Permission';
import { warehouseApi } from './warehouseApi';

const toBody = (v: FormValues, row: WarehouseRow | null): WarehouseSaveBody => ({
  ...(row ? { id: row.id } : {}),
  warehouseName: String(v.warehouseName),
  warehouseCode: String(v.warehouseCode),
  kind: v.kind as WarehouseSaveBody['kind'],
  address: textOrNull(v.address),
  keeper: textOrNull(v.keeper),
  remark: textOrNull(v.remark),
});

/** 仓库管理: empty-cylinder and finished-goods warehouses. The list screen to copy: kit, RTK Query, per-feature texts. */
export default function WarehouseListPage() {
  const t = useT();
  const kinds = useEnumOptions('warehouseKind');
  const filters = useListFilters();
  const [save] = warehouseApi.useSaveWarehouseMutation();
  const [remove] = warehouseApi.useDeleteWarehouseMutation();

  const filterFields: FormField[] = [
    { key: 'warehouseName', label: t('warehouse.name') },
    { key: 'warehouseCode', label: t('warehouse.code') },
    { key: 'kind', label: t('warehouse.kind'), type: 'select', options: kinds },
  ];
  const editor = useFormDialog<WarehouseRow>({
    title: (row) => t(row ? 'warehouse.edit' : 'warehouse.add'),
    defaultSpan: 12,
    fields: () => [
      { key: 'warehouseName', label: t('warehouse.name'), ...fromSchema(WarehouseSaveBody, 'warehouseName') },
      { key: 'warehouseCode', label: t('warehouse.code'), ...fromSchema(WarehouseSaveBody, 'warehouseCode', { patternMessage: t('common.codePattern', { label: t('warehouse.code') }) }) },
      { key: 'kind', label: t('warehouse.kind'), type: 'select', options: kinds, ...fromSchema(WarehouseSaveBody, 'kind') },
      { key: 'keeper', label: t('warehouse.keeper'), ...fromSchema(WarehouseSaveBody, 'keeper') },
      { key: 'address', label: t('warehouse.address'), ...fromSchema(WarehouseSaveBody, 'address'), span: 24 },
      { key: 'remark', label: t('common.remark'), type: 'textarea', ...fromSchema(WarehouseSaveBody, 'remark'), span: 24 },
    ],
    initialValues: rowValues,
    submit: (v, row) => save(toBody(v, row)).unwrap(),
  });
  // A refusal (the warehouse still holds cylinders) is the server's message, shown by the HTTP client.
  const removeRow = useConfirmDelete<WarehouseRow>({ name: (row) => row.warehouseName, remove: (row) => remove({ id: row.id }).unwrap() });
  const actions = useActionsColumn<WarehouseRow>([
    { label: t('common.edit'), permission: 'warehouse:edit', onClick: editor.open },
    { label: t('common.delete'), permission: 'warehouse:delete', color: 'error', onClick: removeRow },
  ]);
  const columns = useMemo<TableColumn<WarehouseRow>[]>(() => [
    { field: 'warehouseName', headerName: t('warehouse.name'), flex: 1, minWidth: 120 },
    { field: 'warehouseCode', headerName: t('warehouse.code'), width: 120 },
    { field: 'kind', headerName: t('warehouse.kind'), width: 100, valueFormatter: (v: string) => optionLabel(kinds, v) },
    { field: 'keeper', headerName: t('warehouse.keeper'), width: 100 },
    { field: 'address', headerName: t('warehouse.address'), flex: 1.5, minWidth: 140 },
    { field: 'remark', headerName: t('common.remark'), flex: 1, minWidth: 100 },
    actions,
  ], [t, kinds, actions]);

  return (
    <ListPage<WarehouseRow> fields={filterFields} filters={filters} query={warehouseApi.useWarehousePageQuery} columns={columns}
      actions={(
        <HasPermission keys={['warehouse:add']}>
          <Button variant="contained" color="success" onClick={() => editor.open()}>{t('common.add')}</Button>
        </HasPermission>
      )}>
      {editor.element}
    </ListPage>
  );
}
