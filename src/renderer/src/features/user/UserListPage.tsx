import { useMemo, useState } from 'react';
import { Button, Paper, Stack, TextField } from '@mui/material';
import { DataGrid, type GridColDef, type GridPaginationModel } from '@mui/x-data-grid';
import type { UserRow } from '@shared/api/user';
import { useT } from '@renderer/i18n/useT';
import { HasPermission } from '@renderer/permission/Permission';
import { ResetPasswordDialog } from './ResetPasswordDialog';
import { useUserPageQuery } from './userApi';

export const PAGE_SIZES = [5, 10, 15, 50, 100, 200, 500];
export const DEFAULT_PAGE_SIZE = 15;

/** 用户管理: the paged user list. */
export default function UserListPage() {
  const t = useT();
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: DEFAULT_PAGE_SIZE });
  const [filters, setFilters] = useState({ username: '', name: '' });
  const [applied, setApplied] = useState(filters);
  const [resetting, setResetting] = useState<UserRow | null>(null);
  const { data, isFetching } = useUserPageQuery({
    page: pagination.page + 1,
    size: pagination.pageSize,
    ...(applied.username ? { username: applied.username } : {}),
    ...(applied.name ? { name: applied.name } : {}),
  });

  const columns = useMemo<GridColDef<UserRow>[]>(
    () => [
      { field: 'username', headerName: t('user.username'), flex: 1, minWidth: 120, sortable: false },
      { field: 'name', headerName: t('user.name'), flex: 1, minWidth: 120, sortable: false },
      { field: 'deptName', headerName: t('user.dept'), flex: 1, minWidth: 120, sortable: false },
      { field: 'roleNames', headerName: t('user.roles'), flex: 1.5, minWidth: 160, sortable: false, valueGetter: (v: string[] | undefined) => (v ?? []).join('，') },
      { field: 'status', headerName: t('user.status'), width: 90, sortable: false, valueFormatter: (v: number) => (v === 1 ? t('user.enabled') : t('user.disabled')) },
      { field: 'createdAt', headerName: t('user.createdAt'), width: 180, sortable: false, valueFormatter: (v: string) => (v ? new Date(v).toLocaleString('zh-CN', { hour12: false }) : '') },
      {
        field: 'actions',
        headerName: t('user.actions'),
        width: 130,
        sortable: false,
        renderCell: ({ row }) => (
          <HasPermission keys={['user:resetPassword']}>
            <Button size="small" onClick={() => setResetting(row)}>
              {t('user.resetPassword')}
            </Button>
          </HasPermission>
        ),
      },
    ],
    [t],
  );

  const search = () => {
    setApplied(filters);
    setPagination((p) => ({ ...p, page: 0 }));
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} component="form" onSubmit={(e) => (e.preventDefault(), search())}>
        <TextField size="small" label={t('user.username')} value={filters.username} onChange={(e) => setFilters({ ...filters, username: e.target.value })} />
        <TextField size="small" label={t('user.name')} value={filters.name} onChange={(e) => setFilters({ ...filters, name: e.target.value })} />
        <Button type="submit" variant="contained">
          {t('common.query')}
        </Button>
      </Stack>
      <Paper sx={{ height: 600 }}>
        <DataGrid
          rows={data?.list ?? []}
          columns={columns}
          rowCount={data?.total ?? 0}
          loading={isFetching}
          paginationMode="server"
          paginationModel={pagination}
          onPaginationModelChange={setPagination}
          pageSizeOptions={PAGE_SIZES}
          disableColumnMenu
          disableRowSelectionOnClick
          localeText={{ noRowsLabel: t('common.noData') }}
          density="compact"
        />
      </Paper>
      <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />
    </Stack>
  );
}
