import type { ProductRow } from '@shared/api/product';
import { placeText } from '@shared/cylinder/place';
import type { Language } from '@renderer/i18n/i18n';
import type { TableColumn } from '@renderer/components/PaginatedTable';
import type { MessageKey } from '@renderer/i18n/messages';
import { ownerLabel, statusLabel } from '@renderer/utils/productStatus';

type T = (key: MessageKey) => string;

/**
 * 气瓶档案 columns; the 操作 column is appended by the page (useActionsColumn). Together they fit the
 * 1200-pixel window (tests/e2e/layout.spec.ts): the valve number is in 详情 and 换阀, not here.
 */
export function productColumns(t: T, lang: Language): TableColumn<ProductRow>[] {
  return [
    { field: 'code', headerName: t('product.code'), minWidth: 110, flex: 1, sortable: true },
    { field: 'steelStamp', headerName: t('product.steelStamp'), minWidth: 80, flex: 1 },
    { field: 'materialName', headerName: t('product.material'), minWidth: 64, flex: 0.6 },
    { field: 'status', headerName: t('product.status'), width: 70, valueFormatter: (v: number) => statusLabel(t, v) },
    { field: 'specification', headerName: t('product.specification'), width: 72 },
    { field: 'ownerName', headerName: t('product.owner'), minWidth: 72, flex: 0.8, valueGetter: (v: string | null) => ownerLabel(t, v) },
    // 所在位置 as every screen says it (shared/cylinder/place.ts).
    { field: 'place', headerName: t('product.location'), minWidth: 72, flex: 0.8, valueGetter: (_v: string, r) => placeText(r, lang === 'en' ? 'en' : 'zh') },
    { field: 'manufactureDate', headerName: t('product.manufactureDate'), width: 100, sortable: true },
    { field: 'nextInspectionDate', headerName: t('product.nextInspectionDate'), width: 110, sortable: true },
  ];
}
