import { useMemo, useState } from 'react';
import { Button } from '@mui/material';
import { AgreementSaveBody, type AgreementRow } from '@shared/api/rental';
import { fromSchema, type FormField, type FormValues } from '@renderer/components/Form';
import { ListPage, textOrNull, useActionsColumn, useFormDialog, useListFilters } from '@renderer/components/ListPage';
import type { TableColumn } from '@renderer/components/PaginatedTable';
import { useCustomerOptions } from '@renderer/features/lookups';
import { useT } from '@renderer/i18n/useT';
import { HasPermission } from '@renderer/permission/Permission';
import { AgreementDialog } from './AgreementDialog';
import { rentalApi } from './rentalApi';

/** The select's value for 默认协议 (the contract's customerId null). */
const DEFAULT = 0;

function toQuery(v: FormValues): Record<string, unknown> {
  const name = typeof v.name === 'string' ? v.name.trim() : '';
  return { ...(v.customerId ? { customerId: v.customerId } : {}), ...(name ? { name } : {}) };
}

/**
 * 租赁协议 (/rental/agreement): one agreement per customer and one default for customers without one. Its terms are
 * versions (详情: each with its valid-from date and lines; 新增版本), never edited: a month is charged by the version in
 * force each day. agreement:save adds and renames agreements and adds versions.
 */
export default function AgreementListPage() {
  const t = useT();
  const filters = useListFilters();
  const customers = useCustomerOptions();
  const [save] = rentalApi.useSaveAgreementMutation();
  const [openId, setOpenId] = useState<number | null>(null);

  const editor = useFormDialog<AgreementRow>({
    title: (row) => t(row ? 'rental.editAgreement' : 'rental.addAgreement'),
    defaultSpan: 24,
    fields: (_v, row) => [
      {
        key: 'customerId', label: t('rental.customer'), type: 'select', rules: [{ required: true, message: t('rental.customerRequired') }],
        options: [{ label: t('rental.defaultAgreement'), value: DEFAULT }, ...customers],
        // The agreement's versions and the months issued under it belong to its customer: it is not moved to another.
        disabled: row !== null,
      },
      { key: 'name', label: t('rental.agreementName'), ...fromSchema(AgreementSaveBody, 'name') },
      { key: 'remark', label: t('common.remark'), type: 'textarea', ...fromSchema(AgreementSaveBody, 'remark') },
    ],
    initialValues: (row) => (row ? { customerId: row.customerId ?? DEFAULT, name: row.name, remark: row.remark ?? '' } : {}),
    submit: (v, row) => save({
      ...(row ? { id: row.id } : {}),
      customerId: v.customerId === DEFAULT ? null : Number(v.customerId),
      name: String(v.name).trim(),
      remark: textOrNull(v.remark),
    }).unwrap(),
  });

  const fields: FormField[] = [
    { key: 'customerId', label: t('rental.customer'), type: 'select', options: customers, clearable: true },
    { key: 'name', label: t('rental.agreementName') },
  ];
  const actions = useActionsColumn<AgreementRow>([
    { label: t('rental.versions'), onClick: (row) => setOpenId(row.id) },
    { label: t('common.edit'), permission: 'agreement:save', onClick: editor.open },
  ]);
  const columns = useMemo<TableColumn<AgreementRow>[]>(() => [
    { field: 'customerName', headerName: t('rental.customer'), flex: 1, minWidth: 160, valueGetter: (_v, r) => r.customerName ?? t('rental.defaultAgreement') },
    { field: 'name', headerName: t('rental.agreementName'), flex: 1, minWidth: 140 },
    { field: 'versionCount', headerName: t('rental.versionCount'), width: 80 },
    { field: 'currentValidFrom', headerName: t('rental.currentValidFrom'), width: 130 },
    { field: 'updatedAt', headerName: t('rental.updatedAt'), width: 160 },
    { field: 'remark', headerName: t('common.remark'), flex: 1, minWidth: 100 },
    actions,
  ], [t, actions]);

  return (
    <ListPage<AgreementRow> fields={fields} filters={filters} toQuery={toQuery} query={rentalApi.useAgreementPageQuery} columns={columns}
      stateKey="rental.agreements"
      actions={(
        <HasPermission keys={['agreement:save']}>
          <Button variant="contained" color="success" onClick={() => editor.open()}>{t('common.add')}</Button>
        </HasPermission>
      )}>
      {editor.element}
      {openId !== null && <AgreementDialog id={openId} onClose={() => setOpenId(null)} />}
    </ListPage>
  );
}
