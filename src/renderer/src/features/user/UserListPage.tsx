import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Chip, Stack, Switch, Tooltip } from '@mui/material';
import type { UserRow } from '@shared/api/user';
import type { FormField } from '@renderer/components/Form';
import { ListPage, useActionsColumn, useConfirm, useListFilters } from '@renderer/components/ListPage';
import type { TableColumn } from '@renderer/components/PaginatedTable';
import { deptApi, deptOptions } from '@renderer/features/dept';
import { useT } from '@renderer/i18n/useT';
import { notify } from '@renderer/notify/toast';
import { HasPermission } from '@renderer/permission/Permission';
import { usePermission } from '@renderer/permission/permission';
import { ResetPasswordDialog } from './ResetPasswordDialog';
import { userApi } from './userApi';

export const EDIT_PATH = '/Setting/AddUser';

/** 用户管理: the paged user list, 启用/停用, sign-in locks, and the way to the user form. */
export default function UserListPage() {
  const t = useT();
  const navigate = useNavigate();
  const filters = useListFilters();
  const confirm = useConfirm();
  const [resetting, setResetting] = useState<UserRow | null>(null);
  const depts = deptApi.useDeptListQuery().data ?? [];
  const [setStatus] = userApi.useSetUserStatusMutation();
  const [unlock] = userApi.useUnlockUserMutation();
  const mayChangeStatus = usePermission(['user:status']);

  const filterFields: FormField[] = [
    { key: 'username', label: t('user.username') },
    { key: 'name', label: t('user.name') },
    { key: 'deptId', label: t('user.dept'), type: 'select', options: deptOptions(depts) },
    { key: 'status', label: t('user.status'), type: 'select', options: [{ label: t('user.enabled'), value: 1 }, { label: t('user.disabled'), value: 0 }] },
  ];

  // Disabling signs the user out at once: asked first. Enabling again is harmless.
  const toggle = useCallback(async (row: UserRow, on: boolean) => {
    const run = () => setStatus({ id: row.id, status: on ? 1 : 0 }).unwrap().then(() => notify(t('user.statusChanged'), 'success'));
    if (on) await run().catch(() => undefined);
    else await confirm({ title: t('user.disable'), message: t('user.confirmDisable', { name: row.name }), danger: true, action: run });
  }, [setStatus, confirm, t]);
  const unlockRow = (row: UserRow) => void unlock({ id: row.id }).unwrap()
    .then(() => notify(t('user.unlocked'), 'success'), () => undefined);

  const actions = useActionsColumn<UserRow>([
    { label: t('common.edit'), permission: 'user:edit', onClick: (row) => void navigate(`${EDIT_PATH}?id=${row.id}`) },
    { label: t('user.resetPassword'), permission: 'user:resetPassword', onClick: setResetting },
    { label: t('user.unlock'), permission: 'user:unlock', color: 'warning', show: (row) => row.locked, onClick: unlockRow },
  ]);
  const columns = useMemo<TableColumn<UserRow>[]>(() => [
    {
      field: 'username', headerName: t('user.username'), flex: 1, minWidth: 120,
      renderCell: ({ row }) => (
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%' }}>
          <span>{row.username}</span>
          {row.locked && (
            <Tooltip title={t('user.lockedTip')}>
              <Chip size="small" color="warning" label={t('user.locked')} />
            </Tooltip>
          )}
        </Stack>
      ),
    },
    { field: 'name', headerName: t('user.name'), flex: 1, minWidth: 90 },
    { field: 'phone', headerName: t('user.phone'), width: 120 },
    { field: 'deptName', headerName: t('user.dept'), flex: 1, minWidth: 90 },
    { field: 'roleNames', headerName: t('user.roles'), flex: 1.5, minWidth: 100, valueGetter: (v: string[] | undefined) => (v ?? []).join('，') },
    {
      field: 'status', headerName: t('user.status'), width: 80,
      renderCell: ({ row }) => (
        <Switch size="small" checked={row.status === 1} disabled={!mayChangeStatus}
          onChange={(e) => void toggle(row, e.target.checked)}
          slotProps={{ input: { 'aria-label': t('user.statusOf', { name: row.username }) } }} />
      ),
    },
    { field: 'createdAt', headerName: t('user.createdAt'), width: 150, valueFormatter: (v: string) => (v ? new Date(v).toLocaleString('zh-CN', { hour12: false }) : '') },
    actions,
  ], [t, actions, mayChangeStatus, toggle]);

  return (
    <ListPage<UserRow> fields={filterFields} filters={filters} query={userApi.useUserPageQuery} columns={columns}
      actions={(
        <HasPermission keys={['user:add']}>
          <Button variant="contained" color="success" onClick={() => void navigate(EDIT_PATH)}>{t('common.add')}</Button>
        </HasPermission>
      )}>
      <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />
    </ListPage>
  );
}
