import { useMemo, useState } from 'react';
import { Button, Stack, TextField } from '@mui/material';
import type { UserPageQuery, UserRow } from '@shared/api/user';
import { PaginatedTable, type PageParams, type TableColumn } from '@renderer/components/PaginatedTable';
import { useT } from '@renderer/i18n/useT';
import { HasPermission } from '@renderer/permission/Permission';
import { ResetPasswordDialog } from './ResetPasswordDialog';
import { fetchUserPage } from './userApi';

/** 用户管理: the paged user list. */
export default function UserListPage() {
  const t = useT();
  const [draft, setDraft] = useState({ username: '', name: '' });
  const [filters, setFilters] = useState(draft);
  const [resetting, setResetting] = useState<UserRow | null>(null);

  const columns = useMemo<TableColumn<UserRow>[]>(
    () => [
      { field: 'username', headerName: t('user.username'), flex: 1, minWidth: 120 },
      { field: 'name', headerName: t('user.name'), flex: 1, minWidth: 120 },
      { field: 'deptName', headerName: t('user.dept'), flex: 1, minWidth: 120 },
      { field: 'roleNames', headerName: t('user.roles'), flex: 1.5, minWidth: 160, valueGetter: (v: string[] | undefined) => (v ?? []).join('，') },
      { field: 'status', headerName: t('user.status'), width: 90, valueFormatter: (v: number) => (v === 1 ? t('user.enabled') : t('user.disabled')) },
      { field: 'createdAt', headerName: t('user.createdAt'), width: 180, valueFormatter: (v: string) => (v ? new Date(v).toLocaleString('zh-CN', { hour12: false }) : '') },
      {
        field: 'actions',
        headerName: t('user.actions'),
        width: 130,
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

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} component="form" onSubmit={(e) => (e.preventDefault(), setFilters({ username: draft.username.trim(), name: draft.name.trim() }))}>
        <TextField size="small" label={t('user.username')} value={draft.username} onChange={(e) => setDraft({ ...draft, username: e.target.value })} />
        <TextField size="small" label={t('user.name')} value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} />
        <Button type="submit" variant="contained">
          {t('common.query')}
        </Button>
      </Stack>
      <PaginatedTable<UserRow> fetchPage={(p: PageParams) => fetchUserPage(p as UserPageQuery)} columns={columns} filters={filters} height={600} />
      <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />
    </Stack>
  );
}
