import { Typography } from '@mui/material';
import type { ProductRow } from '@shared/api/product';
import { AppDialog } from '@renderer/components/AppDialog';
import { useT } from '@renderer/i18n/useT';
import { notify } from '@renderer/notify/toast';
import { deleteProduct } from './productApi';

interface Props {
  row: ProductRow | null;
  onClose: () => void;
  onDone: () => void;
}

/** 删除 a cylinder registered by mistake, after a confirmation (the server refuses one with movements). */
export function DeleteDialog({ row, onClose, onDone }: Props) {
  const t = useT();
  const submit = async () => {
    if (!row) return;
    await deleteProduct(row.id);
    notify(t('product.deleted', { code: row.code }), 'success');
    onDone();
  };
  return (
    <AppDialog open={!!row} title={t('product.deleteTitle')} onClose={onClose} onSubmit={submit} submitText={t('common.ok')} width={420}>
      <Typography>{t('product.deleteConfirm', { code: row?.code ?? '' })}</Typography>
    </AppDialog>
  );
}
