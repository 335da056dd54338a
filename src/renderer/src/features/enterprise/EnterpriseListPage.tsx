import { useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Stack, Tab, Tabs, TextField, Typography } from '@mui/material';
import type { EnterprisePageQuery, EnterpriseRow, EnterpriseType } from '@shared/api/enterprise';
import { AppDialog } from '@renderer/components/AppDialog';
import { PaginatedTable, type PageParams, type TableColumn, type TableHandle } from '@renderer/components/PaginatedTable';
import { useT } from '@renderer/i18n/useT';
import { notify } from '@renderer/notify/toast';
import { HasPermission } from '@renderer/permission/Permission';
import { deleteEnterprise, downloadTemplate, exportEnterprises, fetchEnterprisePage } from './enterpriseApi';
import { EnterpriseImport } from './EnterpriseImport';

export const EDIT_PATH = '/Setting/addEnter';
const emptyDraft = { enterpriseName: '', enterpriseCode: '', contact: '' };
const region = (r: EnterpriseRow) => [r.provinceName, r.cityName, r.districtName].filter(Boolean).join(' ');

/** 客户与供应商: customers ('2') and suppliers ('1'), Excel import and export. */
export default function EnterpriseListPage() {
  const t = useT();
  const navigate = useNavigate();
  const table = useRef<TableHandle>(null);
  const [type, setType] = useState<EnterpriseType>('2');
  const [draft, setDraft] = useState(emptyDraft);
  const [applied, setApplied] = useState(emptyDraft);
  const [deleting, setDeleting] = useState<EnterpriseRow | null>(null);
  const filters = useMemo(() => ({ ...applied, type }), [applied, type]);

  const remove = async () => {
    if (!deleting) return;
    try {
      await deleteEnterprise(deleting.id);
      notify(t('enterprise.deleted'), 'success');
      table.current?.reload();
    } finally {
      setDeleting(null);
    }
  };

  const columns = useMemo<TableColumn<EnterpriseRow>[]>(
    () => [
      { field: 'enterpriseName', headerName: t('enterprise.name'), flex: 1.5, minWidth: 160 },
      { field: 'enterpriseCode', headerName: t('enterprise.code'), width: 120 },
      { field: 'creditCode', headerName: t('enterprise.creditCode'), width: 190 },
      { field: 'contact', headerName: t('enterprise.contact'), width: 100 },
      { field: 'phone', headerName: t('enterprise.phone'), width: 130 },
      { field: 'region', headerName: t('enterprise.region'), width: 180, valueGetter: (_v: unknown, row: EnterpriseRow) => region(row) },
      { field: 'address', headerName: t('enterprise.address'), flex: 1, minWidth: 140 },
      {
        field: 'actions',
        headerName: t('enterprise.actions'),
        width: 180, // two small buttons side by side, unclipped
        renderCell: ({ row }) => (
          <>
            <HasPermission keys={['enterprise:edit']}>
              <Button size="small" onClick={() => navigate(`${EDIT_PATH}?id=${row.id}`)}>{t('enterprise.editButton')}</Button>
            </HasPermission>
            <HasPermission keys={['enterprise:delete']}>
              <Button size="small" color="error" onClick={() => setDeleting(row)}>{t('enterprise.deleteButton')}</Button>
            </HasPermission>
          </>
        ),
      },
    ],
    [t, navigate],
  );

  const trimmed = () => ({ enterpriseName: draft.enterpriseName.trim(), enterpriseCode: draft.enterpriseCode.trim(), contact: draft.contact.trim() });
  const present = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== ''));

  return (
    <Stack spacing={2}>
      <Tabs value={type} onChange={(_e, v: EnterpriseType) => setType(v)}>
        <Tab value="2" label={t('enterprise.customers')} />
        <Tab value="1" label={t('enterprise.suppliers')} />
      </Tabs>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} component="form" onSubmit={(e) => (e.preventDefault(), setApplied(trimmed()))}>
        <TextField size="small" label={t('enterprise.name')} value={draft.enterpriseName} onChange={(e) => setDraft({ ...draft, enterpriseName: e.target.value })} />
        <TextField size="small" label={t('enterprise.code')} value={draft.enterpriseCode} onChange={(e) => setDraft({ ...draft, enterpriseCode: e.target.value })} />
        <TextField size="small" label={t('enterprise.contact')} value={draft.contact} onChange={(e) => setDraft({ ...draft, contact: e.target.value })} />
        <Button type="submit" variant="contained">{t('common.query')}</Button>
        <HasPermission keys={['enterprise:add']}>
          <Button variant="contained" color="success" onClick={() => navigate(`${EDIT_PATH}?type=${type}`)}>{t('enterprise.addButton')}</Button>
        </HasPermission>
        <HasPermission keys={['enterprise:import']}>
          <EnterpriseImport onImported={() => table.current?.reload()} />
          <Button variant="outlined" onClick={() => void downloadTemplate().catch(() => undefined)}>{t('enterprise.template')}</Button>
        </HasPermission>
        <HasPermission keys={['enterprise:export']}>
          <Button variant="outlined" onClick={() => void exportEnterprises(present).catch(() => undefined)}>{t('enterprise.export')}</Button>
        </HasPermission>
      </Stack>
      <PaginatedTable<EnterpriseRow> ref={table} fetchPage={(p: PageParams) => fetchEnterprisePage(p as EnterprisePageQuery)} columns={columns} filters={filters} height={600} />
      <AppDialog open={!!deleting} width={420} title={t('enterprise.deleteButton')} onClose={() => setDeleting(null)} onSubmit={remove} submitText={t('common.ok')}>
        <Typography>{t('enterprise.confirmDelete', { name: deleting?.enterpriseName ?? '' })}</Typography>
      </AppDialog>
    </Stack>
  );
}
