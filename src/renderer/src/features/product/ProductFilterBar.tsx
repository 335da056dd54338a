import { useMemo, type ReactNode } from 'react';
import { Button, Stack } from '@mui/material';
import { Form, type FormField, type FormValues } from '@renderer/components/Form';
import { useT } from '@renderer/i18n/useT';
import { OWN, customerKey, warehouseKey } from './productFilters';
import { ALL_STATUSES, statusLabel } from './productStatus';
import type { Lookups } from './useLookups';

interface Props {
  values: FormValues;
  onChange: (values: FormValues) => void;
  onSearch: (values: FormValues) => void;
  lookups: Lookups;
  /** The screen's own buttons, on the row of 查询 / 重置. */
  actions?: ReactNode;
}

/** 气瓶档案 filters: code, steel stamp, gas, status, owner, location, manufacture dates, inspection due before. */
export function ProductFilterBar({ values, onChange, onSearch, lookups, actions }: Props) {
  const t = useT();
  const fields = useMemo<FormField[]>(() => {
    const customers = lookups.customers.map((c) => ({ label: c.label, value: customerKey(c.value) }));
    return [
      { key: 'code', label: t('product.code') },
      { key: 'steelStamp', label: t('product.steelStamp') },
      { key: 'materialId', label: t('product.material'), type: 'select', options: lookups.materials },
      { key: 'status', label: t('product.status'), type: 'select', options: ALL_STATUSES.map((s) => ({ label: statusLabel(s), value: s })) },
      { key: 'owner', label: t('product.owner'), type: 'select', span: 4, options: [{ label: t('product.ownOwner'), value: OWN }, ...customers] },
      { key: 'location', label: t('product.location'), type: 'select', span: 4,
        options: [...lookups.warehouses.map((w) => ({ label: w.label, value: warehouseKey(w.value) })), ...customers] },
      { key: 'manufactureDate', label: t('product.manufactureDate'), type: 'daterange', span: 10 },
      { key: 'inspectionDueBefore', label: t('product.inspectionDueBefore'), type: 'date' },
    ];
  }, [t, lookups]);

  return (
    <Form fields={fields} values={values} onChange={onChange} onSubmit={onSearch} defaultSpan={6}>
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained">
          {t('common.query')}
        </Button>
        <Button onClick={() => (onChange({}), onSearch({}))}>{t('product.reset')}</Button>
        {actions}
      </Stack>
    </Form>
  );
}
