import { useMemo, useState } from 'react';
import type { OrderRow } from '@shared/api/storage';
import { AppDialog } from '@renderer/components/AppDialog';
import { ListPage, useActionsColumn, useConfirmDelete, useListFilters } from '@renderer/components/ListPage';
import type { TableColumn } from '@renderer/components/PaginatedTable';
import { useWarehouseOptions } from '@renderer/features/lookups';
import { dateTime } from '@renderer/stations/format';
import { useLanguage, useT } from '@renderer/i18n/useT';
import { OrderItemsTable } from './InStockStation';
import { DATE_TIME_WIDTH, filterQuery, ORDER_NO_WIDTH, orderFilterFields, OrderStatusChip, statusText, typeLabel } from './orders';
import { storageApi } from './storageApi';

/**
 * 入库单: every stock-in order with its filters; 详情 lists its cylinders, 继续入库 takes an open order back
 * to the station, 删除 removes an order without cylinders (the server refuses one with).
 */
export function InOrderList({ onResume }: { onResume: (row: OrderRow) => void }) {
  const t = useT();
  const lang = useLanguage();
  const warehouses = useWarehouseOptions();
  const filters = useListFilters({}, 'inOrders');
  const [remove] = storageApi.useDeleteOrderMutation();
  const [detail, setDetail] = useState<OrderRow | null>(null);

  const fields = orderFilterFields(t, lang, 'in', { key: 'warehouseId', label: t('storage.warehouse'), type: 'select', options: warehouses, span: 4 });
  const removeRow = useConfirmDelete<OrderRow>({ name: (row) => row.orderNo, remove: (row) => remove({ id: row.id }).unwrap() });
  const actions = useActionsColumn<OrderRow>([
    { label: t('storage.detail'), onClick: setDetail },
    { label: t('storage.resume'), permission: 'inbound:add', show: (r) => r.status === 0, onClick: onResume },
    { label: t('common.delete'), permission: 'inbound:delete', color: 'error', show: (r) => r.status === 0 || r.count === 0, onClick: removeRow },
  ]);
  const columns = useMemo<TableColumn<OrderRow>[]>(() => [
    // 单号 and times show whole at the 1200-pixel window (tests/e2e/layout.spec.ts); the flexible columns give way.
    { field: 'orderNo', headerName: t('storage.orderNo'), width: ORDER_NO_WIDTH },
    { field: 'type', headerName: t('storage.inType'), width: 80, valueFormatter: (v: string) => typeLabel(lang, v) },
    { field: 'warehouseName', headerName: t('storage.warehouse'), flex: 1, minWidth: 90 },
    { field: 'count', headerName: t('storage.count'), width: 60 },
    { field: 'status', headerName: t('storage.orderStatus'), width: 90, renderCell: ({ row }) => <OrderStatusChip direction="in" status={row.status} /> },
    { field: 'operator', headerName: t('storage.operator'), width: 70 },
    { field: 'createdAt', headerName: t('storage.createdAt'), width: DATE_TIME_WIDTH, valueFormatter: (v: string) => dateTime(v) },
    { field: 'remark', headerName: t('common.remark'), flex: 1, minWidth: 70 },
    actions,
  ], [t, lang, actions]);

  return (
    <ListPage<OrderRow> fields={fields} filters={filters} filterSpan={4} toQuery={filterQuery}
      query={storageApi.useInOrdersQuery} columns={columns} stateKey="inOrders.table">
      {detail && (
        <AppDialog open width={900} title={t('storage.inOrderDetail', { orderNo: detail.orderNo, warehouse: detail.warehouseName ?? '—', count: detail.count, done: detail.completedAt ? dateTime(detail.completedAt) : statusText(t, 'in', detail.status) })} onClose={() => setDetail(null)} footer={false}>
          <OrderItemsTable orderId={detail.id} stateKey="inOrders.detail" height={420} />
        </AppDialog>
      )}
    </ListPage>
  );
}
