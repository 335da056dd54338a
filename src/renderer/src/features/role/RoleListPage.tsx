import { useState } from 'react';
import {
  Button, Chip, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow,
} from '@mui/material';
import type { RoleRow } from '@shared/api/user';
import { useConfirmDelete } from '@renderer/components/ListPage';
import { NoDataRow } from '@renderer/components/TreeTable';
import { useT } from '@renderer/i18n/useT';
import { HasPermission } from '@renderer/permission/Permission';
import { usePermission } from '@renderer/permission/permission';
import { roleApi } from './roleApi';
import { RoleDialog } from './RoleDialog';

/** 角色管理: the roles with their user counts; a role's screens and buttons are edited in its form. */
export default function RoleListPage() {
  const t = useT();
  const { data: roles = [], isFetching } = roleApi.useRoleListQuery();
  const [remove] = roleApi.useDeleteRoleMutation();
  // The dialog's key opens a fresh form each time.
  const [editing, setEditing] = useState<{ role: RoleRow | null; n: number } | null>(null);
  const open = (role: RoleRow | null) => setEditing((e) => ({ role, n: (e?.n ?? 0) + 1 }));
  const mayEdit = usePermission(['role:edit']);
  const mayDelete = usePermission(['role:delete']);

  // A refusal (users still hold the role) is the server's message, shown by the HTTP client.
  const removeRow = useConfirmDelete<RoleRow>({ name: (role) => role.roleName, remove: (role) => remove({ id: role.id }).unwrap() });

  const head = [t('role.colName'), t('role.colCode'), t('common.remark'), t('role.userCount'), t('common.actions')];
  return (
    <Stack spacing={1} sx={{ flex: 1, minHeight: 0, minWidth: 0 }}>
      <Stack direction="row" spacing={1}>
        <HasPermission keys={['role:add']}>
          <Button variant="contained" color="success" onClick={() => open(null)}>{t('common.add')}</Button>
        </HasPermission>
      </Stack>
      <TableContainer component={Paper} variant="outlined" sx={{ flex: 1, minHeight: 200 }}>
        <Table size="small" stickyHeader aria-label={t('role.title')}>
          <TableHead>
            <TableRow>{head.map((h) => <TableCell key={h}>{h}</TableCell>)}</TableRow>
          </TableHead>
          <TableBody>
            {roles.map((role) => (
              <TableRow key={role.id} hover>
                <TableCell>
                  {role.roleName}
                  {role.builtIn && <Chip size="small" label={t('role.builtIn')} sx={{ ml: 1 }} />}
                </TableCell>
                <TableCell>{role.roleCode}</TableCell>
                <TableCell>{role.remark}</TableCell>
                <TableCell>{role.userCount}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {mayEdit && <Button size="small" onClick={() => open(role)}>{t('common.edit')}</Button>}
                  {mayDelete && !role.builtIn && <Button size="small" color="error" onClick={() => removeRow(role)}>{t('common.delete')}</Button>}
                </TableCell>
              </TableRow>
            ))}
            <NoDataRow colSpan={head.length} show={roles.length === 0 && !isFetching} />
          </TableBody>
        </Table>
      </TableContainer>
      {editing && <RoleDialog key={editing.n} role={editing.role} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
