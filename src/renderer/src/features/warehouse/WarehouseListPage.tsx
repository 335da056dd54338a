import { useMemo, useRef, useState } from 'react';
import { Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import type { WarehousePageQuery, WarehouseRow } from '@shared/api/warehouse';
import { AppDialog } from '@renderer/components/AppDialog';
import { PaginatedTable, type PageParams, type TableColumn, type TableHandle } from '@renderer/components/PaginatedTable';
import { optionLabel, useEnumOptions } from '@renderer/features/material/useEnumOptions';
import { useT } from '@renderer/i18n/useT';
import { notify } from '@renderer/notify/toast';
import { HasPermission } from '@renderer/permission/Permission';
import { deleteWarehouse, fetchWarehousePage } from './warehouseApi';
import { WarehouseDialog } from './WarehouseDialog';

const emptyFilters = { warehouseName: '', warehouseCode: '', kind: '' };

/** 仓库管理: empty-cylinder and finished-goods warehouses. */
export default function WarehouseListPage() {
  const t = useT();
  const kinds = useEnumOptions('warehouseKind');
  const table = useRef<TableHandle>(null);
  const [draft, setDraft] = useState(emptyFilters);
  const [filters, setFilters] = useState(emptyFilters);
  const [editing, setEditing] = useState<WarehouseRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<WarehouseRow | null>(null);

  // A refusal (the warehouse still holds cylinders) is shown by the HTTP client as the server's message.
  const remove = async () => {
    if (!deleting) return;
    try {
      await deleteWarehouse(deleting.id);
      notify(t('warehouse.deleted'), 'success');
      table.current?.reload();
    } finally {
      setDeleting(null);
    }
  };

  const columns = useMemo<TableColumn<WarehouseRow>[]>(
    () => [
      { field: 'warehouseName', headerName: t('warehouse.name'), flex: 1, minWidth: 120 },
      { field: 'warehouseCode', headerName: t('warehouse.code'), width: 120 },
      { field: 'kind', headerName: t('warehouse.kind'), width: 100, valueFormatter: (v: string) => optionLabel(kinds, v) },
      { field: 'keeper', headerName: t('warehouse.keeper'), width: 100 },
      { field: 'address', headerName: t('warehouse.address'), flex: 1.5, minWidth: 160 },
      { field: 'remark', headerName: t('warehouse.remark'), flex: 1, minWidth: 120 },
      {
        field: 'actions',
        headerName: t('warehouse.actions'),
        width: 180, // two small buttons side by side, unclipped
        renderCell: ({ row }) => (
          <>
            <HasPermission keys={['warehouse:edit']}>
              <Button size="small" onClick={() => setEditing(row)}>{t('warehouse.editButton')}</Button>
            </HasPermission>
            <HasPermission keys={['warehouse:delete']}>
              <Button size="small" color="error" onClick={() => setDeleting(row)}>{t('warehouse.deleteButton')}</Button>
            </HasPermission>
          </>
        ),
      },
    ],
    [t, kinds],
  );

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} component="form" onSubmit={(e) => (e.preventDefault(), setFilters({ ...draft, warehouseName: draft.warehouseName.trim(), warehouseCode: draft.warehouseCode.trim() }))}>
        <TextField size="small" label={t('warehouse.name')} value={draft.warehouseName} onChange={(e) => setDraft({ ...draft, warehouseName: e.target.value })} />
        <TextField size="small" label={t('warehouse.code')} value={draft.warehouseCode} onChange={(e) => setDraft({ ...draft, warehouseCode: e.target.value })} />
        <TextField size="small" select label={t('warehouse.kind')} value={draft.kind} onChange={(e) => setDraft({ ...draft, kind: e.target.value })} sx={{ minWidth: 130 }}>
          <MenuItem value="">{t('warehouse.all')}</MenuItem>
          {kinds.map((k) => <MenuItem key={k.value} value={k.value}>{k.label}</MenuItem>)}
        </TextField>
        <Button type="submit" variant="contained">{t('common.query')}</Button>
        <HasPermission keys={['warehouse:add']}>
          <Button variant="contained" color="success" onClick={() => setEditing('new')}>{t('warehouse.addButton')}</Button>
        </HasPermission>
      </Stack>
      <PaginatedTable<WarehouseRow> ref={table} fetchPage={(p: PageParams) => fetchWarehousePage(p as WarehousePageQuery)} columns={columns} filters={filters} height={600} />
      {editing && <WarehouseDialog editing={editing} kinds={kinds} onClose={() => setEditing(null)} onSaved={() => (setEditing(null), table.current?.reload())} />}
      <AppDialog open={!!deleting} width={420} title={t('warehouse.deleteButton')} onClose={() => setDeleting(null)} onSubmit={remove} submitText={t('common.ok')}>
        <Typography>{t('warehouse.confirmDelete', { name: deleting?.warehouseName ?? '' })}</Typography>
      </AppDialog>
    </Stack>
  );
}
