import { useMemo, useState } from 'react';
import { Button } from '@mui/material';
import { TRIP_STATUS, TRIP_STATUS_NAMES, type TripRow } from '@shared/api/trip';
import type { FormField, FormValues } from '@renderer/components/Form';
import { ListPage, useActionsColumn, useListFilters } from '@renderer/components/ListPage';
import type { TableColumn } from '@renderer/components/PaginatedTable';
import { useLanguage, useT } from '@renderer/i18n/useT';
import { HasPermission } from '@renderer/permission/Permission';
import { tripApi } from '../tripApi';
import { TripDetail } from './TripDetail';
import { TripFormDialog } from './TripFormDialog';
import { tripStatusText } from './tripText';

/** The contract's filters from the filter bar (the plan-date range as from / to). */
function toQuery(v: FormValues): Record<string, unknown> {
  const { planDate, tripNo, status } = v;
  const range = (planDate as [string | null, string | null] | null | undefined) ?? [null, null];
  const no = typeof tripNo === 'string' ? tripNo.trim() : '';
  return {
    ...(no ? { tripNo: no } : {}),
    ...(typeof status === 'number' ? { status } : {}),
    ...(range[0] ? { planDateFrom: range[0] } : {}),
    ...(range[1] ? { planDateTo: range[1] } : {}),
  };
}

/**
 * 车次管理 (/storage/trip): the trips (vehicle, crew, plan date, status, stops, loaded / delivered); 新增 and 编辑
 * (planned only) with trip:save; 详情 opens the trip: its stops and orders, 发车, 回厂卸车, 结束车次 and the reconciliation.
 */
export default function TripListPage() {
  const t = useT();
  const lang = useLanguage();
  const filters = useListFilters({}, 'trips');
  const [editing, setEditing] = useState<{ row: TripRow | null } | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const statusOptions = useMemo(() => Object.keys(TRIP_STATUS_NAMES).map((k) => ({ label: tripStatusText(lang, Number(k)), value: Number(k) })), [lang]);

  const fields: FormField[] = [
    { key: 'tripNo', label: t('trip.tripNo'), span: 5 },
    { key: 'status', label: t('trip.status'), type: 'select', options: statusOptions, clearable: true, span: 5 },
    { key: 'planDate', label: t('trip.planDate'), type: 'daterange', span: 8 },
  ];
  const actions = useActionsColumn<TripRow>([
    { label: t('trip.detail'), onClick: (r) => setOpenId(r.id) },
    { label: t('common.edit'), permission: 'trip:save', show: (r) => r.status === TRIP_STATUS.planned, onClick: (r) => setEditing({ row: r }) },
  ]);
  const columns = useMemo<TableColumn<TripRow>[]>(() => [
    { field: 'tripNo', headerName: t('trip.tripNo'), width: 150 },
    { field: 'plate', headerName: t('trip.plate'), width: 100 },
    { field: 'driverName', headerName: t('trip.driver'), width: 90 },
    { field: 'escortName', headerName: t('trip.escort'), width: 90 },
    { field: 'planDate', headerName: t('trip.planDate'), width: 110, valueFormatter: (v: string) => v.slice(0, 10) },
    { field: 'status', headerName: t('trip.status'), width: 80, valueFormatter: (v: number) => tripStatusText(lang, v) },
    { field: 'stopCount', headerName: t('trip.stops'), width: 70 },
    { field: 'loaded', headerName: t('trip.loadedDelivered'), width: 100, valueGetter: (_v, r) => `${r.loaded} / ${r.delivered}` },
    { field: 'remark', headerName: t('common.remark'), flex: 1, minWidth: 100 },
    actions,
  ], [t, lang, actions]);

  return (
    <ListPage<TripRow> fields={fields} filters={filters} toQuery={toQuery} query={tripApi.useTripPageQuery} columns={columns} stateKey="trips.table"
      actions={(
        <HasPermission keys={['trip:save']}>
          <Button variant="contained" color="success" onClick={() => setEditing({ row: null })}>{t('common.add')}</Button>
        </HasPermission>
      )}>
      {editing && <TripFormDialog row={editing.row} onClose={() => setEditing(null)} />}
      {openId !== null && <TripDetail id={openId} onClose={() => setOpenId(null)} />}
    </ListPage>
  );
}
