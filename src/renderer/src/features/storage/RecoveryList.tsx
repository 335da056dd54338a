import { useMemo } from 'react';
import { Typography } from '@mui/material';
import type { DataGridProps } from '@mui/x-data-grid';
import type { RecoveryRow } from '@shared/api/storage';
import type { FormField, FormValues } from '@renderer/components/Form';
import { ListPage, useListFilters } from '@renderer/components/ListPage';
import type { TableColumn } from '@renderer/components/PaginatedTable';
import { useCustomerOptions } from '@renderer/features/lookups';
import { dateTime } from '@renderer/stations/format';
import { codeColumn, revertedRows } from '@renderer/features/production';
import { statusLabel } from '@renderer/utils/productStatus';
import { useT } from '@renderer/i18n/useT';
import { filterQuery } from './orders';
import { storageApi } from './storageApi';

/** 仅看异常 is a switch (1/0) in the bar and `discrepancy: true` in the contract (absent: all). */
const recoveryQuery = (v: FormValues): Record<string, unknown> => {
  const { discrepancy, ...rest } = filterQuery(v);
  return { ...rest, discrepancy: discrepancy === 1 ? true : undefined };
};

/** 回收记录: every recovery, newest first; the ones that did not match the system's record can be listed alone. */
export function RecoveryList() {
  const t = useT();
  const customers = useCustomerOptions();
  const filters = useListFilters({}, 'recoveries');
  const fields: FormField[] = [
    { key: 'code', label: t('storage.code'), span: 4 },
    { key: 'customerId', label: t('storage.customer'), type: 'select', options: customers, span: 5 },
    { key: 'date', label: t('storage.date'), type: 'daterange', span: 8 },
    { key: 'discrepancy', label: t('storage.onlyDiscrepancy'), type: 'switch', span: 3 },
  ];
  const columns = useMemo<TableColumn<RecoveryRow>[]>(() => [
    { field: 'createdAt', headerName: t('storage.time'), width: 150, valueFormatter: (v: string) => dateTime(v) },
    codeColumn<RecoveryRow>(t, (r) => r.reverted, 140),
    { field: 'materialName', headerName: t('storage.gas'), width: 90 },
    { field: 'customerName', headerName: t('storage.returnCustomer'), flex: 1, minWidth: 110 },
    { field: 'expectedStatus', headerName: t('storage.expectedStatus'), width: 100, valueFormatter: (v: number) => statusLabel(t, v) },
    {
      field: 'discrepancy', headerName: t('storage.discrepancyCol'), flex: 1.5, minWidth: 160,
      renderCell: ({ row }) => (row.discrepancy
        ? <Typography variant="inherit" component="span" sx={{ fontWeight: 600, color: 'warning.dark' }} title={row.discrepancy}>{row.discrepancy}</Typography>
        : ''),
    },
    { field: 'remark', headerName: t('common.remark'), width: 100 },
    { field: 'operator', headerName: t('storage.operator'), width: 80 },
  ], [t]);

  return (
    <ListPage<RecoveryRow> fields={fields} filters={filters} filterSpan={4} toQuery={recoveryQuery}
      query={storageApi.useRecoveriesQuery} columns={columns} stateKey="recoveries.table"
      gridProps={revertedRows as Partial<DataGridProps<RecoveryRow>>} />
  );
}
