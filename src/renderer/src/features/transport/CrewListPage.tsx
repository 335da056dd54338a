import { useMemo } from 'react';
import { Button } from '@mui/material';
import { CREW_KINDS, CrewSaveBody, type CrewRow } from '@shared/api/transport';
import { fromSchema, type FormField, type FormValues } from '@renderer/components/Form';
import { ListPage, textOrNull, useActionsColumn, useFormDialog, useListFilters } from '@renderer/components/ListPage';
import type { TableColumn } from '@renderer/components/PaginatedTable';
import { useT } from '@renderer/i18n/useT';
import { HasPermission } from '@renderer/permission/Permission';
import { ExpiryCell, idNumberBody, idNumberField, replaceMasked } from './papers';
import { transportApi } from './transportApi';

type Kind = CrewSaveBody['kind'];

/** The sign-in user when it changed (0 is 不关联: null); left out when unchanged, which keeps it. */
function userIdBody(value: unknown, was: number | null): Pick<CrewSaveBody, 'userId'> {
  const chosen = typeof value === 'number' && value > 0 ? value : null;
  return chosen === was ? {} : { userId: chosen };
}

const toBody = (v: FormValues, row: CrewRow | null): CrewSaveBody => ({
  ...(row ? { id: row.id } : {}),
  name: String(v.name).trim(),
  kind: v.kind as Kind,
  ...idNumberBody(v.idNo, row?.idNoMasked),
  qualificationNo: String(v.qualificationNo).trim(),
  qualificationExpiry: String(v.qualificationExpiry),
  phone: textOrNull(v.phone),
  status: v.status === 0 ? 0 : 1,
  remark: textOrNull(v.remark),
  ...userIdBody(v.userId, row?.userId ?? null),
});

/** 驾驶员与押运员 (/Setting/Crew): who drives and escorts the vehicles, with their 从业资格证 and its expiry. */
export default function CrewListPage() {
  const t = useT();
  const filters = useListFilters();
  const [save] = transportApi.useSaveCrewMutation();
  const kinds = useMemo(() => CREW_KINDS.map((k) => ({ label: t(k.code === 'driver' ? 'transport.driver' : 'transport.escort'), value: k.code })), [t]);
  const { data: users } = transportApi.useCrewUserOptionsQuery();
  const userOptions = useMemo(() => [{ label: t('transport.noUser'), value: 0 }, ...(users ?? []).map((u) => ({ label: u.name, value: u.id }))], [t, users]);
  const statusOptions = [{ label: t('transport.enabled'), value: 1 }, { label: t('transport.disabled'), value: 0 }];

  const filterFields: FormField[] = [
    { key: 'name', label: t('transport.name') },
    { key: 'kind', label: t('transport.kind'), type: 'select', options: kinds },
    { key: 'status', label: t('transport.status'), type: 'select', options: statusOptions },
    { key: 'expiring', label: t('transport.expiring'), type: 'select', options: [{ label: t('transport.expiringOnly'), value: 1 }] },
  ];
  const limits = (key: keyof CrewSaveBody, patternMessage?: string) => fromSchema(CrewSaveBody, key, { patternMessage });
  const editor = useFormDialog<CrewRow>({
    title: (row) => t(row ? 'transport.editCrew' : 'transport.addCrew'),
    defaultSpan: 12,
    fields: (_v, row) => [
      { key: 'name', label: t('transport.name'), ...limits('name') },
      { key: 'kind', label: t('transport.kind'), type: 'radio', options: kinds, ...limits('kind') },
      idNumberField(t, row?.idNoMasked),
      { key: 'phone', label: t('transport.phone'), ...limits('phone', t('transport.phonePattern')) },
      { key: 'qualificationNo', label: t('transport.qualificationNo'), ...limits('qualificationNo') },
      { key: 'qualificationExpiry', label: t('transport.qualificationExpiry'), type: 'date', ...limits('qualificationExpiry') },
      { key: 'userId', label: t('transport.user'), type: 'select', options: userOptions, hint: t('transport.userHint') },
      { key: 'status', label: t('transport.enabled'), type: 'switch' },
      { key: 'remark', label: t('common.remark'), type: 'textarea', ...limits('remark'), span: 24 },
    ],
    initialValues: (row) => (row ? { ...row, idNo: row.idNoMasked ?? '', userId: row.userId ?? 0 } : { kind: 'driver', status: 1, userId: 0 }),
    adjust: (prev, next) => ({ ...next, idNo: replaceMasked(prev.idNo, next.idNo, typeof prev.idNo === 'string' && prev.idNo.includes('*') ? prev.idNo : null) }),
    submit: (v, row) => save(toBody(v, row)).unwrap(),
  });
  const actions = useActionsColumn<CrewRow>([{ label: t('common.edit'), permission: 'crew:save', onClick: editor.open }]);
  const columns = useMemo<TableColumn<CrewRow>[]>(() => [
    { field: 'name', headerName: t('transport.name'), width: 100 },
    { field: 'kind', headerName: t('transport.kind'), width: 80, valueFormatter: (v: string) => kinds.find((k) => k.value === v)?.label ?? v },
    { field: 'idNoMasked', headerName: t('transport.idNo'), width: 170 },
    { field: 'qualificationNo', headerName: t('transport.qualificationNo'), flex: 1, minWidth: 130 },
    {
      field: 'qualificationExpiry', headerName: t('transport.qualificationExpiry'), width: 190,
      renderCell: ({ row }) => <ExpiryCell date={row.qualificationExpiry} daysLeft={row.qualificationDaysLeft} />,
    },
    { field: 'phone', headerName: t('transport.phone'), width: 120 },
    { field: 'userName', headerName: t('transport.user'), width: 100 },
    { field: 'status', headerName: t('transport.status'), width: 70, valueFormatter: (v: number) => t(v === 1 ? 'transport.enabled' : 'transport.disabled') },
    { field: 'remark', headerName: t('common.remark'), flex: 1, minWidth: 100 },
    actions,
  ], [t, kinds, actions]);

  return (
    <ListPage<CrewRow> fields={filterFields} filters={filters} query={transportApi.useCrewPageQuery} columns={columns}
      actions={(
        <HasPermission keys={['crew:save']}>
          <Button variant="contained" color="success" onClick={() => editor.open()}>{t('common.add')}</Button>
        </HasPermission>
      )}>
      {editor.element}
    </ListPage>
  );
}
