import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button } from '@mui/material';
import { PRODUCT, ScrapBody, type ProductRow } from '@shared/api/product';
import { fromSchema } from '@renderer/components/Form';
import { ExportButton, ImportDialog, ListPage, useActionsColumn, useConfirm, useConfirmDelete, useFormDialog, useListFilters } from '@renderer/components/ListPage';
import { useDictionaryOptions } from '@renderer/features/dictionary';
import { useLotCertificate } from '@renderer/features/report';
import { useLanguage, useT } from '@renderer/i18n/useT';
import { notify } from '@renderer/notify/toast';
import { HasPermission } from '@renderer/permission/Permission';
import { downloadEndpoint } from '@renderer/store/endpoints';
import { addProductBody, addProductFields, SINGLE } from './addProductForm';
import { HickeyDialog } from './HickeyDialog';
import { productApi } from './productApi';
import { productColumns } from './productColumns';
import { ProductDetailDrawer } from './ProductDetailDrawer';
import { filtersFromSearch, productFilterFields, toProductFilters } from './productFilters';
import { StatusTabs } from './StatusTabs';
import { useLookups } from './useLookups';
import { STATUS } from '@shared/lifecycle';

/** 气瓶档案: status tabs with counts, filters, the paged list and the cylinder actions. */
export default function ProductListPage() {
  const t = useT();
  const lang = useLanguage();
  const lookups = useLookups();
  // Typed freely; the dictionary's entries are offered.
  const suggestions = { specification: useDictionaryOptions('specification'), manufacturer: useDictionaryOptions('manufacturer') };
  const scrapReasons = useDictionaryOptions('scrapReason');
  const filters = useListFilters();
  // A message's link names what to show (?code=…): searched once per address, the bar editable as ever.
  const [params] = useSearchParams();
  const search = params.toString();
  useEffect(() => {
    const named = filtersFromSearch(new URLSearchParams(search));
    if (named) filters.search(named);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per address, not per render of the filters
  }, [search]);
  const confirm = useConfirm();
  const { data: counts = [] } = productApi.useStatusCountsQuery();
  const [add] = productApi.useAddProductMutation();
  const [scrap] = productApi.useScrapProductMutation();
  const [remove] = productApi.useDeleteProductMutation();
  const [sendImport] = productApi.useImportProductsMutation();
  const [importing, setImporting] = useState(false);
  const [detailId, setDetailId] = useState<number | null>(null);
  const [hickey, setHickey] = useState<ProductRow | null>(null);
  const certificate = useLotCertificate();
  const query = toProductFilters(filters.applied);
  const status = typeof filters.applied.status === 'number' ? filters.applied.status : null;

  const adder = useFormDialog<never>({
    title: () => t('product.addTitle'),
    defaultSpan: 12,
    initialValues: () => ({ mode: SINGLE, ownerType: 1 }),
    fields: (v) => addProductFields(v.mode, lookups, t, v.ownerType, suggestions),
    successText: false,
    submit: async (v) => notify(t('product.added', { count: (await add(addProductBody(v)).unwrap()).count }), 'success'),
  });
  // Scrapping cannot be undone: asked with the reason, the dialog says so.
  const scrapRow = (row: ProductRow) => confirm({
    title: t('product.scrapTitle', { code: row.code }), message: t('product.scrapWarning', { code: row.code }), danger: true,
    okText: t('common.save'), width: 480,
    fields: [{ key: 'reason', label: t('product.scrapReason'), type: 'autocomplete', options: scrapReasons, ...fromSchema(ScrapBody, 'reason') }],
    action: (v) => scrap({ id: row.id, reason: String(v.reason) }).unwrap().then(() => notify(t('product.scrapped', { code: row.code }), 'success')),
  });
  const removeRow = useConfirmDelete<ProductRow>({
    title: () => t('product.deleteTitle'), message: (row) => t('product.deleteConfirm', { code: row.code }),
    deletedText: (row) => t('product.deleted', { code: row.code }), remove: (row) => remove({ id: row.id }).unwrap(),
  });
  const actions = useActionsColumn<ProductRow>([
    { label: t('product.detail'), onClick: (r) => setDetailId(r.id) },
    { label: t('product.scrap'), permission: 'product:scrap', color: 'warning', show: (r) => r.status !== STATUS.scrap, onClick: (r) => void scrapRow(r) },
    { label: t('product.hickey'), permission: 'product:hickey', show: (r) => r.status !== 0, onClick: setHickey },
    { label: t('common.delete'), permission: 'product:delete', color: 'error', show: (r) => r.status !== 0, onClick: removeRow },
  ]);
  const columns = useMemo(() => [...productColumns(t, lang), actions], [t, lang, actions]);

  return (
    <ListPage<ProductRow> fields={productFilterFields(t, lookups, counts)} filters={filters} toQuery={() => ({ ...query })}
      query={productApi.useProductPageQuery} columns={columns} filterSpan={6}
      above={<StatusTabs counts={counts} value={status} onChange={(s) => filters.patch({ status: s ?? undefined })} />}
      actions={(
        <>
          <HasPermission keys={['product:add']}>
            <Button variant="contained" color="success" onClick={() => adder.open()}>{t('common.add')}</Button>
          </HasPermission>
          <HasPermission keys={['product:import']}>
            <Button variant="outlined" onClick={() => setImporting(true)}>{t('common.import')}</Button>
          </HasPermission>
          <ExportButton endpoint={PRODUCT.export} arg={query} permission="product:export" />
          {certificate.button}
        </>
      )}>
      {adder.element}
      <ImportDialog open={importing} title={t('product.importTitle')} onClose={() => setImporting(false)} onImported={() => setImporting(false)}
        send={(file, dryRun) => sendImport({ file, dryRun }).unwrap()}
        downloadTemplate={() => downloadEndpoint(PRODUCT.template, undefined)}
        importedText={(count) => t('product.imported', { count })} />
      <HickeyDialog row={hickey} onClose={() => setHickey(null)} />
      <ProductDetailDrawer id={detailId} onClose={() => setDetailId(null)} />
      {certificate.element}
    </ListPage>
  );
}
