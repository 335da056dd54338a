import { useRef, useState } from 'react';
import type { MaterialRow } from '@shared/api/material';
import { AppDialog } from '@renderer/components/AppDialog';
import { Form, type FieldOption, type FormHandle, type FormValues } from '@renderer/components/Form';
import { useT } from '@renderer/i18n/useT';
import { notify } from '@renderer/notify/toast';
import { saveMaterial } from './materialApi';
import { emptyMaterial, materialBody, materialFields, materialValues } from './materialForm';

export interface MaterialDialogProps {
  /** null: closed; 'new': 新增; a row: 编辑. */
  editing: MaterialRow | 'new' | null;
  categories: FieldOption[];
  onClose: () => void;
  onSaved: () => void;
}

/** 新增/编辑 a gas. Mounted per opening, so its values start fresh. */
export function MaterialDialog({ editing, categories, onClose, onSaved }: MaterialDialogProps) {
  const t = useT();
  const form = useRef<FormHandle>(null);
  const row = editing === 'new' ? null : editing;
  const [values, setValues] = useState<FormValues>(() => (row ? materialValues(row) : emptyMaterial()));

  const save = async () => {
    const result = form.current?.validate();
    if (!result?.valid) return;
    await saveMaterial(materialBody(result.values, row?.id));
    notify(t('material.saved'), 'success');
    onSaved();
  };

  return (
    <AppDialog open={editing !== null} title={t(row ? 'material.edit' : 'material.add')} onClose={onClose} onSubmit={save}>
      <Form ref={form} fields={materialFields(t, categories, values)} values={values} onChange={setValues} />
    </AppDialog>
  );
}
