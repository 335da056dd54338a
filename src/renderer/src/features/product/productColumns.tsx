import { Button, Stack } from '@mui/material';
import type { ProductRow } from '@shared/api/product';
import type { TableColumn } from '@renderer/components/PaginatedTable';
import type { MessageKey } from '@renderer/i18n/messages';
import { HasPermission } from '@renderer/permission/Permission';
import { statusLabel } from './productStatus';

export interface RowActions {
  detail: (row: ProductRow) => void;
  scrap: (row: ProductRow) => void;
  hickey: (row: ProductRow) => void;
  remove: (row: ProductRow) => void;
}

type T = (key: MessageKey) => string;

/** 气瓶档案 columns, with the per-row buttons each behind its permission key. */
export function productColumns(t: T, act: RowActions): TableColumn<ProductRow>[] {
  return [
    { field: 'code', headerName: t('product.code'), minWidth: 130, flex: 1, sortable: true },
    { field: 'steelStamp', headerName: t('product.steelStamp'), minWidth: 110, flex: 1 },
    { field: 'materialName', headerName: t('product.material'), minWidth: 90 },
    { field: 'status', headerName: t('product.status'), width: 80, valueFormatter: (v: number) => statusLabel(v) },
    { field: 'specification', headerName: t('product.specification'), width: 90 },
    { field: 'ownerName', headerName: t('product.owner'), minWidth: 110, valueGetter: (v: string | null, r) => (r.ownerType === 1 ? t('product.ownOwner') : v) },
    { field: 'locationName', headerName: t('product.location'), minWidth: 110, valueGetter: (v: string | null, r) => r.warehouseName ?? v },
    { field: 'manufactureDate', headerName: t('product.manufactureDate'), width: 110, sortable: true },
    { field: 'nextInspectionDate', headerName: t('product.nextInspectionDate'), width: 120, sortable: true },
    {
      field: 'actions',
      headerName: t('product.actions'),
      width: 280,
      renderCell: ({ row }) => (
        <Stack direction="row">
          <Button size="small" onClick={() => act.detail(row)}>{t('product.detail')}</Button>
          {row.status !== 0 && (
            <HasPermission keys={['product:scrap']}>
              <Button size="small" color="warning" onClick={() => act.scrap(row)}>{t('product.scrap')}</Button>
            </HasPermission>
          )}
          <HasPermission keys={['product:hickey']}>
            <Button size="small" onClick={() => act.hickey(row)}>{t('product.hickey')}</Button>
          </HasPermission>
          <HasPermission keys={['product:delete']}>
            <Button size="small" color="error" onClick={() => act.remove(row)}>{t('product.delete')}</Button>
          </HasPermission>
        </Stack>
      ),
    },
  ];
}
