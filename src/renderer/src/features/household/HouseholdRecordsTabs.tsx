import { useMemo } from 'react';
import { Chip } from '@mui/material';
import type { CheckRow, DeliveryRow, HazardRow } from '@shared/api/household';
import { ListPage, useActionsColumn, useConfirm, useListFilters } from '@renderer/components/ListPage';
import type { TableColumn } from '@renderer/components/PaginatedTable';
import { useT } from '@renderer/i18n/useT';
import { notify } from '@renderer/notify/toast';
import { householdApi } from './householdApi';

/** 安检记录: each check with its results in words (hazards first) and who made it. */
export function ChecksTab() {
  const t = useT();
  const filters = useListFilters({}, 'householdChecks');
  const columns = useMemo<TableColumn<CheckRow>[]>(() => [
    { field: 'nameMasked', headerName: t('household.name'), width: 90 },
    { field: 'checkedAt', headerName: t('household.checkedAt'), width: 160 },
    { field: 'checkedBy', headerName: t('household.checkedBy'), width: 100 },
    { field: 'hazards', headerName: t('household.hazards'), width: 80 },
    { field: 'major', headerName: t('household.major'), width: 70 },
    {
      field: 'results', headerName: t('household.results'), flex: 1, minWidth: 240, sortable: false,
      valueFormatter: (v: CheckRow['results']) => v.filter((r) => !r.ok)
        .map((r) => `${r.itemName}（${t(r.level === 'major' ? 'household.level.major' : 'household.level.minor')}）`).join('、') || t('household.ok'),
    },
    { field: 'photos', headerName: t('household.photos'), width: 70 },
    { field: 'remark', headerName: t('household.remark'), width: 140 },
  ], [t]);
  return <ListPage<CheckRow> stateKey="householdChecks" fields={[]} filters={filters} query={householdApi.useHouseholdChecksQuery} columns={columns} />;
}

/** 安全隐患: open until rectified; 整改 asks what was done (household:check). */
export function HazardsTab() {
  const t = useT();
  const confirm = useConfirm();
  const filters = useListFilters({ status: 0 }, 'householdHazards');
  const [rectify] = householdApi.useRectifyHazardMutation();
  const levels = [{ label: t('household.level.major'), value: 'major' }, { label: t('household.level.minor'), value: 'minor' }];
  const ask = (row: HazardRow) => confirm({
    title: t('household.rectify'),
    message: `${row.nameMasked} · ${row.itemName}`,
    fields: [{ key: 'note', label: t('household.rectifyNote'), rules: [{ required: true }, { max: 255 }], span: 24 }],
    action: async (v) => {
      await rectify({ id: row.id, note: String(v.note ?? '').trim() }).unwrap();
      notify(t('household.rectified'), 'success');
    },
  });
  const actions = useActionsColumn<HazardRow>([{ label: t('household.rectify'), permission: 'household:check', onClick: (row) => void ask(row), show: (row) => row.status === 0 }]);
  const columns = useMemo<TableColumn<HazardRow>[]>(() => [
    { field: 'nameMasked', headerName: t('household.name'), width: 90 },
    { field: 'address', headerName: t('household.address'), flex: 1, minWidth: 160 },
    { field: 'itemName', headerName: t('household.item'), width: 110 },
    {
      field: 'level', headerName: t('household.level'), width: 100,
      renderCell: ({ row }) => <Chip size="small" color={row.level === 'major' ? 'error' : 'warning'} label={t(row.level === 'major' ? 'household.level.major' : 'household.level.minor')} />,
    },
    { field: 'foundAt', headerName: t('household.foundAt'), width: 160 },
    { field: 'status', headerName: t('household.hazardStatus'), width: 90, valueFormatter: (v: number) => t(v === 1 ? 'household.hazard.1' : 'household.hazard.0') },
    { field: 'rectifiedBy', headerName: t('household.rectifiedBy'), width: 90 },
    { field: 'rectifyNote', headerName: t('household.rectifyNote'), width: 160 },
    actions,
  ], [t, actions]);
  return (
    <ListPage<HazardRow> stateKey="householdHazards" filters={filters} query={householdApi.useHouseholdHazardsQuery} columns={columns}
      fields={[
        { key: 'status', label: t('household.hazardStatus'), type: 'select', options: [{ label: t('household.hazard.0'), value: 0 }, { label: t('household.hazard.1'), value: 1 }] },
        { key: 'level', label: t('household.level'), type: 'select', options: levels },
      ]} />
  );
}

/** 配送记录: which cylinder went to which user (masked), from which station, when. */
export function DeliveriesTab() {
  const t = useT();
  const filters = useListFilters({}, 'householdDeliveries');
  const columns = useMemo<TableColumn<DeliveryRow>[]>(() => [
    { field: 'code', headerName: t('household.code'), width: 140 },
    { field: 'nameMasked', headerName: t('household.name'), width: 90 },
    { field: 'customerName', headerName: t('household.customer'), flex: 1, minWidth: 140 },
    { field: 'deliveredAt', headerName: t('household.deliveredAt'), width: 160 },
    { field: 'deliveredBy', headerName: t('household.deliveredBy'), width: 100 },
  ], [t]);
  return (
    <ListPage<DeliveryRow> stateKey="householdDeliveries" filters={filters} query={householdApi.useHouseholdDeliveriesQuery} columns={columns}
      fields={[{ key: 'code', label: t('household.code') }]} />
  );
}
