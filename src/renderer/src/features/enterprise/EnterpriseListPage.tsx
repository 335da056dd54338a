import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Tab, Tabs } from '@mui/material';
import { ENTERPRISE, type EnterpriseRow, type EnterpriseType } from '@shared/api/enterprise';
import type { FormField } from '@renderer/components/Form';
import { ExportButton, ImportDialog, ListPage, useActionsColumn, useConfirmDelete, useListFilters } from '@renderer/components/ListPage';
import type { TableColumn } from '@renderer/components/PaginatedTable';
import { useScreenState } from '@renderer/hooks/useScreenState';
import { useT } from '@renderer/i18n/useT';
import { HasPermission } from '@renderer/permission/Permission';
import { downloadEndpoint } from '@renderer/store/endpoints';
import { enterpriseApi } from './enterpriseApi';

export const EDIT_PATH = '/Setting/addEnter';
const region = (r: EnterpriseRow) => [r.provinceName, r.cityName, r.districtName].filter(Boolean).join(' ');
const present = (f: Record<string, unknown>) => Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined && v !== null && v !== ''));

/** 客户与供应商: customers ('2') and suppliers ('1'), Excel import and export. */
export default function EnterpriseListPage() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const filters = useListFilters();
  // The tab comes back as it was left; the edit page returns to the tab of what it saved (?type=).
  const [tab, setTab] = useScreenState<EnterpriseType>('type', '2');
  const type: EnterpriseType = params.get('type') === '1' || params.get('type') === '2' ? (params.get('type') as EnterpriseType) : tab;
  const choose = (next: EnterpriseType) => {
    setTab(next);
    if (params.has('type')) void navigate('/Setting/ComeEnterprise', { replace: true });
  };
  const [importing, setImporting] = useState(false);
  const [remove] = enterpriseApi.useDeleteEnterpriseMutation();
  const [sendImport] = enterpriseApi.useImportEnterprisesMutation();
  const query = present({ ...filters.applied, type });

  const filterFields: FormField[] = [
    { key: 'enterpriseName', label: t('enterprise.name') },
    { key: 'enterpriseCode', label: t('enterprise.code') },
    { key: 'contact', label: t('enterprise.contact') },
  ];
  const removeRow = useConfirmDelete<EnterpriseRow>({ name: (row) => row.enterpriseName, remove: (row) => remove({ id: row.id }).unwrap() });
  const actions = useActionsColumn<EnterpriseRow>([
    { label: t('common.edit'), permission: 'enterprise:edit', onClick: (row) => void navigate(`${EDIT_PATH}?id=${row.id}`) },
    { label: t('common.delete'), permission: 'enterprise:delete', color: 'error', onClick: removeRow },
  ]);
  const columns = useMemo<TableColumn<EnterpriseRow>[]>(() => [
    { field: 'enterpriseName', headerName: t('enterprise.name'), flex: 1.5, minWidth: 140 },
    { field: 'enterpriseCode', headerName: t('enterprise.code'), width: 96 },
    { field: 'creditCode', headerName: t('enterprise.creditCode'), width: 164 },
    { field: 'contact', headerName: t('enterprise.contact'), width: 80 },
    { field: 'phone', headerName: t('enterprise.phone'), width: 112 },
    { field: 'region', headerName: t('enterprise.region'), width: 140, valueGetter: (_v: unknown, row: EnterpriseRow) => region(row) },
    { field: 'address', headerName: t('enterprise.address'), flex: 1, minWidth: 100 },
    actions,
  ], [t, actions]);

  return (
    <ListPage<EnterpriseRow> fields={filterFields} filters={filters} query={enterpriseApi.useEnterprisePageQuery} columns={columns}
      toQuery={() => query}
      above={(
        <Tabs value={type} onChange={(_e, v: EnterpriseType) => choose(v)}>
          <Tab value="2" label={t('enterprise.customers')} />
          <Tab value="1" label={t('enterprise.suppliers')} />
        </Tabs>
      )}
      actions={(
        <>
          <HasPermission keys={['enterprise:add']}>
            <Button variant="contained" color="success" onClick={() => void navigate(`${EDIT_PATH}?type=${type}`)}>{t('common.add')}</Button>
          </HasPermission>
          <HasPermission keys={['enterprise:import']}>
            <Button variant="outlined" onClick={() => setImporting(true)}>{t('common.import')}</Button>
          </HasPermission>
          <ExportButton endpoint={ENTERPRISE.export} arg={query} permission="enterprise:export" />
        </>
      )}>
      <ImportDialog open={importing} title={t('enterprise.importTitle')} onClose={() => setImporting(false)} onImported={() => setImporting(false)}
        send={(file, dryRun) => sendImport({ file, dryRun }).unwrap()}
        downloadTemplate={() => downloadEndpoint(ENTERPRISE.template, undefined)}
        importedText={(n) => t('enterprise.imported', { n })} />
    </ListPage>
  );
}
