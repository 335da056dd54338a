import { useMemo } from 'react';
import { Button, Chip } from '@mui/material';
import { HOUSEHOLD, HOUSEHOLD_KINDS, HouseholdSaveBody, type HouseholdInfo, type HouseholdRow } from '@shared/api/household';
import { fromSchema, type FormValues } from '@renderer/components/Form';
import { ListPage, textOrNull, useActionsColumn, useConfirm, useFormDialog, useListFilters } from '@renderer/components/ListPage';
import type { TableColumn } from '@renderer/components/PaginatedTable';
import { useCustomerOptions } from '@renderer/features/lookups';
import { idNumberBody, idNumberField, replaceMasked } from '@renderer/features/transport';
import { useLanguage, useT } from '@renderer/i18n/useT';
import { notify } from '@renderer/notify/toast';
import { HasPermission } from '@renderer/permission/Permission';
import { callEndpoint } from '@renderer/store/endpoints';
import { householdApi } from './householdApi';

export const toHouseholdBody = (v: FormValues, row: HouseholdInfo | null): HouseholdSaveBody => ({
  ...(row ? { id: row.id } : {}),
  kind: v.kind as HouseholdSaveBody['kind'],
  name: String(v.name ?? '').trim(),
  ...idNumberBody(v.idNo, row?.idNoMasked),
  phone: String(v.phone ?? '').trim(),
  address: String(v.address ?? '').trim(),
  customerId: Number(v.customerId),
  status: v.status === 0 ? 0 : 1,
  remark: textOrNull(v.remark),
});

/** The register of household users: masked list, the form (name and phone in full for the editor), 查看身份证号. */
export function HouseholdUsersTab() {
  const t = useT();
  const lang = useLanguage();
  const confirm = useConfirm();
  const filters = useListFilters({}, 'householdFilters');
  const customers = useCustomerOptions();
  const [save] = householdApi.useSaveHouseholdMutation();
  const kinds = useMemo(() => HOUSEHOLD_KINDS.map((k) => ({ label: lang === 'en' ? k.en : k.zh, value: k.code })), [lang]);
  const statusOptions = [{ label: t('household.enabled'), value: 1 }, { label: t('household.disabled'), value: 0 }];
  const limits = (key: keyof HouseholdSaveBody, patternMessage?: string) => fromSchema(HouseholdSaveBody, key, { patternMessage });

  const editor = useFormDialog<HouseholdInfo>({
    title: (row) => t(row ? 'household.edit' : 'household.add'),
    defaultSpan: 12,
    fields: (_v, row) => [
      { key: 'name', label: t('household.name'), ...limits('name') },
      { key: 'kind', label: t('household.kind'), type: 'radio', options: kinds, ...limits('kind') },
      idNumberField(t, row?.idNoMasked),
      { key: 'phone', label: t('household.phone'), ...limits('phone', t('household.phonePattern')) },
      { key: 'customerId', label: t('household.customer'), type: 'select', options: customers, rules: [{ required: true }] },
      { key: 'status', label: t('household.enabled'), type: 'switch' },
      { key: 'address', label: t('household.address'), ...limits('address'), span: 24 },
      { key: 'remark', label: t('household.remark'), type: 'textarea', ...limits('remark'), span: 24 },
    ],
    initialValues: (row) => (row ? { ...row, idNo: row.idNoMasked ?? '' } : { kind: 'resident', status: 1 }),
    adjust: (prev, next) => ({ ...next, idNo: replaceMasked(prev.idNo, next.idNo, typeof prev.idNo === 'string' && prev.idNo.includes('*') ? prev.idNo : null) }),
    submit: (v, row) => save(toHouseholdBody(v, row)).unwrap(),
  });

  const edit = async (row: HouseholdRow) => editor.open(await callEndpoint(HOUSEHOLD.info, { id: row.id }));
  // Asked first: the reveal is recorded. The number is shown once, in a notice, and kept nowhere.
  const reveal = (row: HouseholdRow) => confirm({
    title: t('household.reveal'),
    message: t('household.revealConfirm', { name: row.nameMasked }),
    action: async () => {
      const { idNo } = await callEndpoint(HOUSEHOLD.reveal, { id: row.id }, { action: true });
      notify(idNo ? t('household.revealed', { name: row.nameMasked, idNo }) : t('household.noIdNo'), 'info');
    },
  });
  const actions = useActionsColumn<HouseholdRow>([
    { label: t('common.edit'), permission: 'household:save', onClick: (row) => void edit(row) },
    { label: t('household.reveal'), permission: 'household:reveal', onClick: (row) => void reveal(row), show: (row) => row.idNoMasked !== null },
  ]);
  const columns = useMemo<TableColumn<HouseholdRow>[]>(() => [
    { field: 'nameMasked', headerName: t('household.name'), width: 90 },
    { field: 'kind', headerName: t('household.kind'), width: 70, valueFormatter: (v: string) => kinds.find((k) => k.value === v)?.label ?? v },
    { field: 'phoneMasked', headerName: t('household.phone'), width: 120 },
    { field: 'idNoMasked', headerName: t('household.idNo'), width: 170 },
    { field: 'address', headerName: t('household.address'), flex: 1, minWidth: 160 },
    { field: 'customerName', headerName: t('household.customer'), width: 130 },
    {
      field: 'openHazards', headerName: t('household.openHazards'), width: 110,
      renderCell: ({ row }) => (row.openHazards ? <Chip size="small" color={row.openMajor ? 'error' : 'warning'} label={row.openHazards} /> : '0'),
    },
    { field: 'lastCheckAt', headerName: t('household.lastCheckAt'), width: 160, valueFormatter: (v: string | null) => v ?? t('household.never') },
    { field: 'status', headerName: t('household.status'), width: 70, valueFormatter: (v: number) => t(v === 1 ? 'household.enabled' : 'household.disabled') },
    actions,
  ], [t, kinds, actions]);

  return (
    <ListPage<HouseholdRow>
      stateKey="householdUsers"
      fields={[
        { key: 'name', label: t('household.name') },
        { key: 'phone', label: t('household.phone') },
        { key: 'customerId', label: t('household.customer'), type: 'select', options: customers },
        { key: 'kind', label: t('household.kind'), type: 'select', options: kinds },
        { key: 'status', label: t('household.status'), type: 'select', options: statusOptions },
        { key: 'hazard', label: t('household.withHazard'), type: 'select', options: [{ label: t('household.withHazardOnly'), value: 1 }] },
      ]}
      filters={filters} query={householdApi.useHouseholdPageQuery} columns={columns}
      actions={(
        <HasPermission keys={['household:save']}>
          <Button variant="contained" color="success" onClick={() => editor.open()}>{t('common.add')}</Button>
        </HasPermission>
      )}>
      {editor.element}
    </ListPage>
  );
}
