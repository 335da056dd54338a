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
/** Four text buttons must fit one cell. */
const compact = { minWidth: 0, px: 0.75 };

/** 气瓶档案 columns, with the per-row buttons each behind its permission key. */
export function productColumns(t: T, act: RowActions): TableColumn<ProductRow>[] {
  return [
    { field: 'code', headerName: t('product.code'), minWidth: 110, flex: 1, sortable: true },
    { field: 'steelStamp', headerName: t('product.steelStamp'), minWidth: 90, flex: 1 },
    { field: 'materialName', headerName: t('product.material'), minWidth: 80, flex: 0.6 },
    { field: 'status', headerName: t('product.status'), width: 70, valueFormatter: (v: number) => statusLabel(v) },
    { field: 'specification', headerName: t('product.specification'), width: 80 },
    { field: 'ownerName', headerName: t('product.owner'), minWidth: 90, flex: 0.8, valueGetter: (v: string | null, r) => (r.ownerType === 1 ? t('product.ownOwner') : v) },
    { field: 'locationName', headerName: t('product.location'), minWidth: 90, flex: 0.8, valueGetter: (v: string | null, r) => r.warehouseName ?? v },
    { field: 'manufactureDate', headerName: t('product.manufactureDate'), width: 100, sortable: true },
    { field: 'nextInspectionDate', headerName: t('product.nextInspectionDate'), width: 110, sortable: true },
    {
      field: 'actions',
      headerName: t('product.actions'),
      width: 210,
      renderCell: ({ row }) => (
        <Stack direction="row">
          <Button size="small" sx={compact} onClick={() => act.detail(row)}>{t('product.detail')}</Button>
          {row.status !== 0 && (
            <HasPermission keys={['product:scrap']}>
              <Button size="small" sx={compact} color="warning" onClick={() => act.scrap(row)}>{t('product.scrap')}</Button>
            </HasPermission>
          )}
          <HasPermission keys={['product:hickey']}>
            <Button size="small" sx={compact} onClick={() => act.hickey(row)}>{t('product.hickey')}</Button>
          </HasPermission>
          <HasPermission keys={['product:delete']}>
            <Button size="small" sx={compact} color="error" onClick={() => act.remove(row)}>{t('product.delete')}</Button>
          </HasPermission>
        </Stack>
      ),
    },
  ];
}
