import { useMemo, useRef } from 'react';
import { Link, Typography } from '@mui/material';
import { STORAGE, type CustomerHoldingRow, type HoldingQuery, type HoldingRow } from '@shared/api/storage';
import type { FormField, FormValues } from '@renderer/components/Form';
import { ExportButton, ListPage, useListFilters, type ListFilters } from '@renderer/components/ListPage';
import type { TableColumn } from '@renderer/components/PaginatedTable';
import { useCustomerOptions, useMaterialOptions } from '@renderer/features/lookups';
import { dateTime } from '@renderer/stations/format';
import { useT } from '@renderer/i18n/useT';
import { storageApi } from './storageApi';

const idOf = (v: unknown): number | undefined => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : undefined);
const textOf = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/** 持瓶明细 filters as the contract's: 只看超期 (a switch) sends the days as overDays. */
export function holdingQuery(v: FormValues, days: number): HoldingQuery {
  const [customerId, materialId, code] = [idOf(v.customerId), idOf(v.materialId), textOf(v.code)];
  return {
    ...(customerId ? { customerId } : {}), ...(code ? { code } : {}), ...(materialId ? { materialId } : {}),
    ...(v.overdue === 1 ? { overDays: days } : {}),
  };
}

export const useHoldingFilters = () => useListFilters({}, 'holdings');

/** 客户持瓶: per customer, how many cylinders it holds, how many longer than the days, and since when; a click lists them. */
export function CustomerHoldings({ days, onCustomer }: { days: number; onCustomer: (customerId: number) => void }) {
  const t = useT();
  const customers = useCustomerOptions();
  const filters = useListFilters({}, 'customerHoldings');
  const open = useRef(onCustomer);
  open.current = onCustomer;
  const fields: FormField[] = [{ key: 'customerId', label: t('storage.customer'), type: 'select', options: customers, span: 8 }];
  const columns = useMemo<TableColumn<CustomerHoldingRow>[]>(() => [
    {
      field: 'customerName', headerName: t('storage.customer'), flex: 1, minWidth: 180,
      renderCell: ({ row }) => (
        <Link component="button" underline="hover" onClick={() => open.current(row.customerId)} sx={{ fontSize: 'inherit', textAlign: 'left' }}>
          {row.customerName ?? `#${row.customerId}`}
        </Link>
      ),
    },
    { field: 'customerCode', headerName: t('storage.customerCode'), width: 130 },
    { field: 'count', headerName: t('storage.holdCount'), width: 100, sortable: true, sidx: 'count' },
    {
      field: 'overdue', headerName: t('storage.overdueCount'), width: 100,
      renderCell: ({ row }) => <Typography variant="inherit" component="span" color={row.overdue > 0 ? 'error' : 'text.primary'} sx={{ fontWeight: row.overdue > 0 ? 700 : 400 }}>{row.overdue}</Typography>,
    },
    { field: 'oldestSince', headerName: t('storage.oldestOut'), width: 160, sortable: true, sidx: 'oldest', valueFormatter: (v: string | null) => (v ? dateTime(v) : '') },
  ], [t]);
  const toQuery = (v: FormValues) => {
    const customerId = idOf(v.customerId);
    return { days, ...(customerId ? { customerId } : {}) };
  };
  return (
    <ListPage<CustomerHoldingRow> fields={fields} filters={filters} filterSpan={8} toQuery={toQuery}
      query={storageApi.useCustomerHoldingsQuery} columns={columns} getRowId={(r) => r.customerId}
      stateKey="customerHoldings.table" testId="customer-holdings" />
  );
}

/** 持瓶明细: the cylinders at customers with the day they left, longer than the days marked; 导出 the same list. */
export function HoldingList({ days, filters }: { days: number; filters: ListFilters }) {
  const t = useT();
  const customers = useCustomerOptions();
  const gases = useMaterialOptions(true);
  const fields: FormField[] = [
    { key: 'customerId', label: t('storage.customer'), type: 'select', options: customers, span: 6 },
    { key: 'code', label: t('storage.code'), span: 5 },
    { key: 'materialId', label: t('storage.gas'), type: 'select', options: gases, span: 5 },
    { key: 'overdue', label: t('storage.onlyOverdue', { days }), type: 'switch', span: 4 },
  ];
  const query = holdingQuery(filters.applied, days);
  const columns = useMemo<TableColumn<HoldingRow>[]>(() => [
    { field: 'code', headerName: t('storage.code'), width: 150 },
    { field: 'materialName', headerName: t('storage.gas'), width: 110 },
    { field: 'specification', headerName: t('storage.spec'), width: 100 },
    { field: 'customerName', headerName: t('storage.customer'), flex: 1, minWidth: 160 },
    { field: 'since', headerName: t('storage.outAt'), width: 160, sortable: true, sidx: 'since', valueFormatter: (v: string | null) => (v ? dateTime(v) : '') },
    {
      field: 'days', headerName: t('storage.days'), width: 80,
      renderCell: ({ row }) => (row.days === null ? '' : (
        <Typography variant="inherit" component="span" color={row.days > days ? 'error' : 'text.primary'} sx={{ fontWeight: row.days > days ? 700 : 400 }}>{row.days}</Typography>
      )),
    },
  ], [t, days]);
  return (
    <ListPage<HoldingRow> fields={fields} filters={filters} filterSpan={5} toQuery={() => ({ ...query })}
      actions={<ExportButton endpoint={STORAGE.exportHoldings} arg={query} permission="stock:export" />}
      query={storageApi.useHoldingsQuery} columns={columns} getRowId={(r) => r.cylinderId}
      stateKey="holdings.table" testId="holdings-table" />
  );
}
