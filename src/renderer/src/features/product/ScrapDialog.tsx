import { useRef } from 'react';
import type { ProductRow } from '@shared/api/product';
import { AppDialog } from '@renderer/components/AppDialog';
import { Form, type FormHandle } from '@renderer/components/Form';
import { useT } from '@renderer/i18n/useT';
import { notify } from '@renderer/notify/toast';
import { scrapProduct } from './productApi';

interface Props {
  row: ProductRow | null;
  onClose: () => void;
  onDone: () => void;
}

/** 报废 one cylinder with a reason (the server refuses one out at a customer's). */
export function ScrapDialog({ row, onClose, onDone }: Props) {
  const t = useT();
  const form = useRef<FormHandle>(null);
  const submit = async () => {
    const result = form.current?.validate();
    if (!row || !result?.valid) return;
    await scrapProduct({ id: row.id, reason: result.values.reason as string });
    notify(t('product.scrapped', { code: row.code }), 'success');
    onDone();
  };
  return (
    <AppDialog open={!!row} title={t('product.scrapTitle', { code: row?.code ?? '' })} onClose={onClose} onSubmit={submit} width={480}>
      <Form ref={form} fields={[{ key: 'reason', label: t('product.scrapReason'), type: 'textarea', maxLength: 255, rules: [{ required: true }] }]} />
    </AppDialog>
  );
}
