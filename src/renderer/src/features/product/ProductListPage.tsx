import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button, Stack } from '@mui/material';
import type { ProductPageQuery, ProductRow, StatusCount } from '@shared/api/product';
import type { FormValues } from '@renderer/components/Form';
import { PaginatedTable, type PageParams, type TableHandle } from '@renderer/components/PaginatedTable';
import { useT } from '@renderer/i18n/useT';
import { HasPermission } from '@renderer/permission/Permission';
import { AddProductDialog } from './AddProductDialog';
import { DeleteDialog } from './DeleteDialog';
import { HickeyDialog } from './HickeyDialog';
import { ImportDialog } from './ImportDialog';
import { productColumns } from './productColumns';
import { ProductDetailDrawer } from './ProductDetailDrawer';
import { exportProducts, fetchProductPage, fetchStatusCounts } from './productApi';
import { presentFilters, toProductFilters } from './productFilters';
import { ProductFilterBar } from './ProductFilterBar';
import { ScrapDialog } from './ScrapDialog';
import { StatusTabs } from './StatusTabs';
import { useLookups } from './useLookups';

type Open = 'add' | 'import' | null;

/** 气瓶档案: status tabs with counts, filters, the paged list and the cylinder actions. */
export default function ProductListPage() {
  const t = useT();
  const lookups = useLookups();
  const table = useRef<TableHandle>(null);
  const [draft, setDraft] = useState<FormValues>({});
  const [applied, setApplied] = useState<FormValues>({});
  const [counts, setCounts] = useState<StatusCount[]>([]);
  const [open, setOpen] = useState<Open>(null);
  const [detailId, setDetailId] = useState<number | null>(null);
  const [scrapping, setScrapping] = useState<ProductRow | null>(null);
  const [hickey, setHickey] = useState<ProductRow | null>(null);
  const [removing, setRemoving] = useState<ProductRow | null>(null);

  const status = typeof applied.status === 'number' ? applied.status : null;
  const filters = useMemo(() => presentFilters({ ...toProductFilters(applied), status }), [applied, status]);

  const loadCounts = useCallback(() => void fetchStatusCounts().then(setCounts, () => undefined), []);
  useEffect(loadCounts, [loadCounts]);
  /** After every change: the list page and the tab counts again. */
  const changed = () => (table.current?.reload(), loadCounts());
  const search = (values: FormValues) => (setApplied(values), loadCounts());
  const chooseTab = (s: number | null) => {
    const next = { ...draft, status: s ?? undefined };
    setDraft(next);
    setApplied({ ...applied, status: s ?? undefined });
  };

  const columns = useMemo(() => productColumns(t, {
    detail: (r) => setDetailId(r.id), scrap: setScrapping, hickey: setHickey, remove: setRemoving,
  }), [t]);

  return (
    <Stack spacing={1}>
      <ProductFilterBar values={draft} onChange={setDraft} onSearch={search} lookups={lookups} actions={(
        <>
          <HasPermission keys={['product:add']}>
            <Button variant="contained" color="success" onClick={() => setOpen('add')}>{t('product.add')}</Button>
          </HasPermission>
          <HasPermission keys={['product:import']}>
            <Button variant="outlined" onClick={() => setOpen('import')}>{t('product.import')}</Button>
          </HasPermission>
          <HasPermission keys={['product:export']}>
            <Button variant="outlined" onClick={() => void exportProducts(filters).catch(() => undefined)}>{t('product.export')}</Button>
          </HasPermission>
        </>
      )} />
      <StatusTabs counts={counts} value={status} onChange={chooseTab} />
      <PaginatedTable<ProductRow> ref={table} columns={columns} filters={filters} height={560}
        fetchPage={(p: PageParams) => fetchProductPage(p as ProductPageQuery)} />
      <AddProductDialog open={open === 'add'} lookups={lookups} onClose={() => setOpen(null)} onSaved={() => (setOpen(null), changed())} />
      <ImportDialog open={open === 'import'} onClose={() => setOpen(null)} onImported={() => (setOpen(null), changed())} />
      <ScrapDialog row={scrapping} onClose={() => setScrapping(null)} onDone={() => (setScrapping(null), changed())} />
      <HickeyDialog row={hickey} onClose={() => setHickey(null)} onDone={changed} />
      <DeleteDialog row={removing} onClose={() => setRemoving(null)} onDone={() => (setRemoving(null), changed())} />
      <ProductDetailDrawer id={detailId} onClose={() => setDetailId(null)} />
    </Stack>
  );
}
