import { useMemo, useRef } from 'react';
import { Stack, Typography } from '@mui/material';
import type { HickeyPageQuery, HickeyRow, ProductRow } from '@shared/api/product';
import { AppDialog } from '@renderer/components/AppDialog';
import { Form, type FormHandle } from '@renderer/components/Form';
import { PaginatedTable, type PageParams, type TableColumn, type TableHandle } from '@renderer/components/PaginatedTable';
import { useT } from '@renderer/i18n/useT';
import { notify } from '@renderer/notify/toast';
import { fetchHickeyPage, updateHickey } from './productApi';

interface Props {
  row: ProductRow | null;
  onClose: () => void;
  onDone: () => void;
}

/** 更换瓶阀: the cylinder's valve history and a new replacement (old valve → new valve, date, reason). */
export function HickeyDialog({ row, onClose, onDone }: Props) {
  const t = useT();
  const form = useRef<FormHandle>(null);
  const table = useRef<TableHandle>(null);
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
    await updateHickey({ id: row.id, newValve: v.newValve as string, changedOn: (v.changedOn as string | undefined) || null, reason: v.reason as string });
    notify(t('product.hickeySaved'), 'success');
    form.current?.reset();
    table.current?.reload();
    onDone();
  };

  return (
    <AppDialog open={!!row} title={t('product.hickeyTitle', { code: row?.code ?? '' })} onClose={onClose} onSubmit={submit}>
      <Stack spacing={2}>
        <Typography variant="body2">{t('product.currentValve', { valve: row?.valveNo ?? '—' })}</Typography>
        <Form ref={form} defaultSpan={8} fields={[
          { key: 'newValve', label: t('product.newValve'), maxLength: 64, rules: [{ required: true }] },
          { key: 'changedOn', label: t('product.changedOn'), type: 'date' },
          { key: 'reason', label: t('product.hickeyReason'), maxLength: 255, rules: [{ required: true }] },
        ]} />
        {row && (
          <PaginatedTable<HickeyRow> ref={table} columns={columns} filters={{ cylinderId: row.id }} defaultPageSize={10}
            fetchPage={(p: PageParams) => fetchHickeyPage(p as HickeyPageQuery)} />
        )}
      </Stack>
    </AppDialog>
  );
}
