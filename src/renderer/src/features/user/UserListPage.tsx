import { useMemo, useState } from 'react';
import type { UserRow } from '@shared/api/user';
import type { FormField } from '@renderer/components/Form';
import { ListPage, useActionsColumn, useListFilters } from '@renderer/components/ListPage';
import type { TableColumn } from '@renderer/components/PaginatedTable';
import { useT } from '@renderer/i18n/useT';
import { ResetPasswordDialog } from './ResetPasswordDialog';
import { userApi } from './userApi';

/** 用户管理: the paged user list. */
export default function UserListPage() {
  const t = useT();
  const filters = useListFilters();
  const [resetting, setResetting] = useState<UserRow | null>(null);
  const filterFields: FormField[] = [
    { key: 'username', label: t('user.username') },
    { key: 'name', label: t('user.name') },
  ];
  const actions = useActionsColumn<UserRow>([{ label: t('user.resetPassword'), permission: 'user:resetPassword', onClick: setResetting }]);
  const columns = useMemo<TableColumn<UserRow>[]>(() => [
    { field: 'username', headerName: t('user.username'), flex: 1, minWidth: 120 },
    { field: 'name', headerName: t('user.name'), flex: 1, minWidth: 120 },
    { field: 'deptName', headerName: t('user.dept'), flex: 1, minWidth: 120 },
    { field: 'roleNames', headerName: t('user.roles'), flex: 1.5, minWidth: 160, valueGetter: (v: string[] | undefined) => (v ?? []).join('，') },
    { field: 'status', headerName: t('user.status'), width: 90, valueFormatter: (v: number) => (v === 1 ? t('user.enabled') : t('user.disabled')) },
    { field: 'createdAt', headerName: t('user.createdAt'), width: 180, valueFormatter: (v: string) => (v ? new Date(v).toLocaleString('zh-CN', { hour12: false }) : '') },
    actions,
  ], [t, actions]);
  return (
    <ListPage<UserRow> fields={filterFields} filters={filters} query={userApi.useUserPageQuery} columns={columns}>
      <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />
    </ListPage>
  );
}
