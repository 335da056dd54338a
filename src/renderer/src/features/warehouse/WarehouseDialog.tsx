import { useRef } from 'react';
import type { WarehouseRow, WarehouseSaveBody } from '@shared/api/warehouse';
import { AppDialog } from '@renderer/components/AppDialog';
import { Form, type FieldOption, type FormField, type FormHandle, type FormValues } from '@renderer/components/Form';
import { useT } from '@renderer/i18n/useT';
import { notify } from '@renderer/notify/toast';
import { saveWarehouse } from './warehouseApi';

export interface WarehouseDialogProps {
  /** 'new': 新增; a row: 编辑. Mounted per opening. */
  editing: WarehouseRow | 'new';
  kinds: FieldOption[];
  onClose: () => void;
  onSaved: () => void;
}

const CODE = /^[A-Za-z0-9_.-]+$/;
const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** 新增/编辑 a warehouse. */
export function WarehouseDialog({ editing, kinds, onClose, onSaved }: WarehouseDialogProps) {
  const t = useT();
  const form = useRef<FormHandle>(null);
  const row = editing === 'new' ? null : editing;
  const fields: FormField[] = [
    { key: 'warehouseName', label: t('warehouse.name'), rules: [{ required: true }, { max: 64 }], span: 12 },
    { key: 'warehouseCode', label: t('warehouse.code'), rules: [{ required: true }, { max: 32 }, { pattern: CODE, message: t('warehouse.codePattern') }], span: 12 },
    { key: 'kind', label: t('warehouse.kind'), type: 'select', options: kinds, rules: [{ required: true }], span: 12 },
    { key: 'keeper', label: t('warehouse.keeper'), rules: [{ max: 64 }], span: 12 },
    { key: 'address', label: t('warehouse.address'), rules: [{ max: 255 }] },
    { key: 'remark', label: t('warehouse.remark'), type: 'textarea', rules: [{ max: 255 }] },
  ];
  const initial: FormValues = row ? { ...row } : {};

  const save = async () => {
    const result = form.current?.validate();
    if (!result?.valid) return;
    const v = result.values;
    const body: WarehouseSaveBody = {
      ...(row ? { id: row.id } : {}),
      warehouseName: String(v.warehouseName),
      warehouseCode: String(v.warehouseCode),
      kind: v.kind as WarehouseSaveBody['kind'],
      address: text(v.address),
      keeper: text(v.keeper),
      remark: text(v.remark),
    };
    await saveWarehouse(body);
    notify(t('warehouse.saved'), 'success');
    onSaved();
  };

  return (
    <AppDialog open title={t(row ? 'warehouse.edit' : 'warehouse.add')} onClose={onClose} onSubmit={save}>
      <Form ref={form} fields={fields} initialValues={initial} />
    </AppDialog>
  );
}
