import { useMemo, useRef } from 'react';
import { Stack, Typography } from '@mui/material';
import { HickeyBody, type HickeyRow, type ProductRow } from '@shared/api/product';
import { AppDialog } from '@renderer/components/AppDialog';
import { Form, fromSchema, type FormHandle } from '@renderer/components/Form';
import { textOrNull } from '@renderer/components/ListPage';
import { PaginatedTable, type TableColumn } from '@renderer/components/PaginatedTable';
import { useDictionaryOptions } from '@renderer/features/dictionary';
import { useT } from '@renderer/i18n/useT';
import { notify } from '@renderer/notify/toast';
import { productApi } from './productApi';

interface Props {
  row: ProductRow | null;
  onClose: () => void;
}

/**
 * 更换瓶阀: the cylinder's valve history and a new replacement (old valve → new valve, date, reason). Saving
 * closes the dialog; the list then shows the new valve (the save invalidates the cylinder lists).
 */
export function HickeyDialog({ row, onClose }: Props) {
  const t = useT();
  const form = useRef<FormHandle>(null);
  const [update] = productApi.useUpdateHickeyMutation();
  const reasons = useDictionaryOptions('hickeyReason');
  const columns = useMemo<TableColumn<HickeyRow>[]>(() => [
    { field: 'oldValve', headerName: t('product.oldValve'), flex: 1 },
    { field: 'newValve', headerName: t('product.newValve'), flex: 1 },
    { field: 'changedOn', headerName: t('product.changedOn'), width: 110 },
    { field: 'reason', headerName: t('product.hickeyReason'), flex: 1.5 },
    { field: 'operator', headerName: t('product.operator'), width: 100 },
  ], [t]);

  const submit = async () => {
    const result = form.current?.validate();
    if (!row || !result?.valid) return;
    const v = result.values;
    await update({ id: row.id, newValve: String(v.newValve), changedOn: textOrNull(v.changedOn), reason: String(v.reason) }).unwrap();
    notify(t('product.hickeySaved'), 'success');
    onClose();
  };

  return (
    <AppDialog open={!!row} title={t('product.hickeyTitle', { code: row?.code ?? '' })} onClose={onClose} onSubmit={submit}>
      <Stack spacing={2}>
        <Typography variant="body2">{t('product.currentValve', { valve: row?.valveNo ?? '—' })}</Typography>
        <Form ref={form} defaultSpan={8} autoFocus fields={[
          { key: 'newValve', label: t('product.newValve'), ...fromSchema(HickeyBody, 'newValve') },
          { key: 'changedOn', label: t('product.changedOn'), type: 'date', ...fromSchema(HickeyBody, 'changedOn') },
          { key: 'reason', label: t('product.hickeyReason'), type: 'autocomplete', options: reasons, ...fromSchema(HickeyBody, 'reason') },
        ]} />
        {row && (
          <PaginatedTable<HickeyRow> columns={columns} filters={{ cylinderId: row.id }} defaultPageSize={10} query={productApi.useHickeyPageQuery} />
        )}
      </Stack>
    </AppDialog>
  );
}
