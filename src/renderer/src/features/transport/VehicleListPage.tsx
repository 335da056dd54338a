import { useMemo } from 'react';
import { Button } from '@mui/material';
import { VehicleSaveBody, type VehicleRow } from '@shared/api/transport';
import { fromSchema, type FormField, type FormValues } from '@renderer/components/Form';
import { ListPage, rowValues, textOrNull, useActionsColumn, useFormDialog, useListFilters } from '@renderer/components/ListPage';
import type { TableColumn } from '@renderer/components/PaginatedTable';
import { useT } from '@renderer/i18n/useT';
import { HasPermission } from '@renderer/permission/Permission';
import { ExpiryCell } from './papers';
import { transportApi } from './transportApi';

const numberOrNull = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

const toBody = (v: FormValues, row: VehicleRow | null): VehicleSaveBody => ({
  ...(row ? { id: row.id } : {}),
  plate: String(v.plate).trim(),
  permitNo: String(v.permitNo).trim(),
  permitExpiry: String(v.permitExpiry),
  loadKg: numberOrNull(v.loadKg),
  cylinderCapacity: numberOrNull(v.cylinderCapacity),
  tankVolume: numberOrNull(v.tankVolume),
  status: v.status === 0 ? 0 : 1,
  remark: textOrNull(v.remark),
});

/** 运输车辆 (/Setting/Vehicle): the plant's hazardous-goods vehicles with their 道路运输证 and its expiry. */
export default function VehicleListPage() {
  const t = useT();
  const filters = useListFilters();
  const [save] = transportApi.useSaveVehicleMutation();
  const statusOptions = [{ label: t('transport.enabled'), value: 1 }, { label: t('transport.disabled'), value: 0 }];

  const filterFields: FormField[] = [
    { key: 'plate', label: t('transport.plate') },
    { key: 'status', label: t('transport.status'), type: 'select', options: statusOptions },
    { key: 'expiring', label: t('transport.expiring'), type: 'select', options: [{ label: t('transport.expiringOnly'), value: 1 }] },
  ];
  const limits = (key: keyof VehicleSaveBody) => fromSchema(VehicleSaveBody, key);
  const editor = useFormDialog<VehicleRow>({
    title: (row) => t(row ? 'transport.editVehicle' : 'transport.addVehicle'),
    defaultSpan: 12,
    fields: () => [
      { key: 'plate', label: t('transport.plate'), ...limits('plate') },
      { key: 'permitNo', label: t('transport.permitNo'), ...limits('permitNo') },
      { key: 'permitExpiry', label: t('transport.permitExpiry'), type: 'date', ...limits('permitExpiry') },
      { key: 'loadKg', label: t('transport.loadKg'), type: 'number', ...limits('loadKg'), decimal: 2 },
      { key: 'cylinderCapacity', label: t('transport.cylinderCapacity'), type: 'number', ...limits('cylinderCapacity') },
      { key: 'tankVolume', label: t('transport.tankVolume'), type: 'number', ...limits('tankVolume'), decimal: 3 },
      { key: 'status', label: t('transport.enabled'), type: 'switch' },
      { key: 'remark', label: t('common.remark'), type: 'textarea', ...limits('remark'), span: 24 },
    ],
    initialValues: (row) => (row ? rowValues(row) : { status: 1 }),
    submit: (v, row) => save(toBody(v, row)).unwrap(),
  });
  const actions = useActionsColumn<VehicleRow>([{ label: t('common.edit'), permission: 'vehicle:save', onClick: editor.open }]);
  const columns = useMemo<TableColumn<VehicleRow>[]>(() => [
    { field: 'plate', headerName: t('transport.plate'), width: 120 },
    { field: 'permitNo', headerName: t('transport.permitNo'), flex: 1, minWidth: 140 },
    {
      field: 'permitExpiry', headerName: t('transport.permitExpiry'), width: 190,
      renderCell: ({ row }) => <ExpiryCell date={row.permitExpiry} daysLeft={row.permitDaysLeft} />,
    },
    { field: 'loadKg', headerName: t('transport.loadKg'), width: 130 },
    { field: 'cylinderCapacity', headerName: t('transport.cylinderCapacity'), width: 100 },
    { field: 'tankVolume', headerName: t('transport.tankVolume'), width: 120 },
    { field: 'status', headerName: t('transport.status'), width: 70, valueFormatter: (v: number) => t(v === 1 ? 'transport.enabled' : 'transport.disabled') },
    { field: 'remark', headerName: t('common.remark'), flex: 1, minWidth: 100 },
    actions,
  ], [t, actions]);

  return (
    <ListPage<VehicleRow> fields={filterFields} filters={filters} query={transportApi.useVehiclePageQuery} columns={columns}
      actions={(
        <HasPermission keys={['vehicle:save']}>
          <Button variant="contained" color="success" onClick={() => editor.open()}>{t('common.add')}</Button>
        </HasPermission>
      )}>
      {editor.element}
    </ListPage>
  );
}
