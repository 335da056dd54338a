import { useMemo, useState } from 'react';
import { Button } from '@mui/material';
import type { OrderRow } from '@shared/api/storage';
import { ListPage, useActionsColumn, useConfirmDelete, useListFilters } from '@renderer/components/ListPage';
import { intParam, useUrlFilters } from '@renderer/hooks/useUrlFilters';
import type { TableColumn } from '@renderer/components/PaginatedTable';
import { useCustomerOptions } from '@renderer/features/lookups';
import { dateTime } from '@renderer/stations/format';
import { useLanguage, useT } from '@renderer/i18n/useT';
import { usePermission } from '@renderer/permission/permission';
import { HasPermission } from '@renderer/permission/Permission';
import { NewOutOrderDialog } from './NewOutOrderDialog';
import { DATE_TIME_WIDTH, filterQuery, ORDER_NO_WIDTH, orderFilterFields, OrderStatusChip, typeLabel } from './orders';
import { storageApi } from './storageApi';
import { useCancelOrder } from './useCancelOrder';

/**
 * 出库单: the outbound orders with their filters; 新建出库单 opens the new order's scanning view, 扫码 an open
 * order's, 详情 any order's; 删除 removes an order nothing was scanned onto (the server refuses otherwise);
 * 作废 keeps an open order with no cylinder on it as 已作废, with a reason.
 */
export function OutOrderList({ onOpen }: { onOpen: (id: number) => void }) {
  const t = useT();
  const lang = useLanguage();
  const customers = useCustomerOptions();
  const filters = useListFilters({}, 'outOrders');
  useUrlFilters((p) => { const status = intParam(p, 'status'); if (status !== undefined) filters.search({ status }); });
  const canScan = usePermission(['outbound:scan']);
  const [remove] = storageApi.useDeleteOrderMutation();
  const [creating, setCreating] = useState(false);
  const cancelOrder = useCancelOrder();

  const fields = orderFilterFields(t, lang, 'out', { key: 'customerId', label: t('storage.customer'), type: 'select', options: customers, span: 6 });
  const removeRow = useConfirmDelete<OrderRow>({ name: (row) => row.orderNo, remove: (row) => remove({ id: row.id }).unwrap() });
  const actions = useActionsColumn<OrderRow>([
    { label: t('storage.scan'), permission: 'outbound:scan', show: (r) => r.status === 0, onClick: (r) => onOpen(r.id) },
    { label: t('storage.detail'), onClick: (r) => onOpen(r.id) },
    { label: t('storage.cancel'), permission: 'outbound:cancel', color: 'error', show: (r) => r.status === 0 && r.count === 0, onClick: (r) => void cancelOrder(r) },
    { label: t('common.delete'), permission: 'outbound:delete', color: 'error', show: (r) => r.status === 0, onClick: removeRow },
  ]);
  const columns = useMemo<TableColumn<OrderRow>[]>(() => [
    // 单号 and times show whole at the 1200-pixel window (tests/e2e/layout.spec.ts); the flexible columns give way.
    { field: 'orderNo', headerName: t('storage.orderNo'), width: ORDER_NO_WIDTH },
    { field: 'type', headerName: t('storage.outType'), width: 80, valueFormatter: (v: string) => typeLabel(lang, v) },
    { field: 'customerName', headerName: t('storage.customer'), flex: 1, minWidth: 100 },
    { field: 'vehicle', headerName: t('storage.vehicle'), width: 80 },
    { field: 'count', headerName: t('storage.progress'), width: 75, valueGetter: (_v, r) => `${r.count} / ${r.quantity}` },
    { field: 'status', headerName: t('storage.orderStatus'), width: 100, renderCell: ({ row }) => <OrderStatusChip direction="out" status={row.status} /> },
    { field: 'signed', headerName: t('storage.signed'), width: 50, valueFormatter: (v: boolean) => (v ? t('storage.yes') : '') },
    { field: 'createdAt', headerName: t('storage.createdAt'), width: DATE_TIME_WIDTH, valueFormatter: (v: string) => dateTime(v) },
    actions,
  ], [t, lang, actions]);

  return (
    <ListPage<OrderRow> fields={fields} filters={filters} filterSpan={4} toQuery={filterQuery}
      query={storageApi.useOutOrdersQuery} columns={columns} stateKey="outOrders.table"
      actions={(
        <HasPermission keys={['outbound:add']}>
          <Button variant="contained" color="success" onClick={() => setCreating(true)}>{t('storage.newOutOrder')}</Button>
        </HasPermission>
      )}>
      {creating && (
        <NewOutOrderDialog onClose={() => setCreating(false)}
          onCreated={(order) => {
            setCreating(false);
            if (canScan) onOpen(order.id);
          }} />
      )}
    </ListPage>
  );
}
