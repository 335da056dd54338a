import { useMemo, useRef, useState } from 'react';
import { AppDialog } from '@renderer/components/AppDialog';
import { Form, type FormHandle, type FormValues } from '@renderer/components/Form';
import { useT } from '@renderer/i18n/useT';
import { notify } from '@renderer/notify/toast';
import { addProductBody, addProductFields, SINGLE } from './addProductForm';
import { addProduct } from './productApi';
import type { Lookups } from './useLookups';

interface Props {
  open: boolean;
  lookups: Lookups;
  onClose: () => void;
  onSaved: () => void;
}

const INITIAL: FormValues = { mode: SINGLE, ownerType: 1 };

/** 新增 气瓶: one code, or a batch by code range. */
export function AddProductDialog({ open, lookups, onClose, onSaved }: Props) {
  const t = useT();
  const form = useRef<FormHandle>(null);
  const [values, setValues] = useState<FormValues>(INITIAL);
  const fields = useMemo(() => addProductFields(values.mode, lookups, t, values.ownerType), [values.mode, values.ownerType, lookups, t]);

  const close = () => (setValues(INITIAL), onClose());
  const submit = async () => {
    const result = form.current?.validate();
    if (!result?.valid) return;
    const saved = await addProduct(addProductBody(result.values));
    notify(t('product.added', { count: saved.count }), 'success');
    setValues(INITIAL);
    onSaved();
  };

  return (
    <AppDialog open={open} title={t('product.addTitle')} onClose={close} onSubmit={submit}>
      <Form ref={form} fields={fields} values={values} onChange={setValues} defaultSpan={12} />
    </AppDialog>
  );
}
