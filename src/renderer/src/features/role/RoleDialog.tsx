import { useMemo, useRef, useState } from 'react';
import { Alert, Box, CircularProgress, Divider, Stack, Typography } from '@mui/material';
import { RoleSaveBody, type RoleRow } from '@shared/api/user';
import { AppDialog, type AppDialogHandle } from '@renderer/components/AppDialog';
import { Form, fromSchema, sameValues, type FormField, type FormHandle, type FormValues } from '@renderer/components/Form';
import { textOrNull } from '@renderer/components/ListPage';
import { useT } from '@renderer/i18n/useT';
import { notify } from '@renderer/notify/toast';
import { roleApi } from './roleApi';
import { RoleMenuTree } from './RoleMenuTree';
import { checkedBody, grantsBody, initialGrants, type Grants } from './roleTree';

/**
 * The role form: name, code, remark and the tree of screens and buttons, saved at once (editRole, or
 * saveRole for a new role). The built-in role's tree (and code) are shown read-only and sent back as they are.
 */
export function RoleDialog({ role, onClose }: { role: RoleRow | null; onClose: () => void }) {
  const t = useT();
  const dialog = useRef<AppDialogHandle>(null);
  const form = useRef<FormHandle>(null);
  const { data: tree } = roleApi.useRoleMenuTreeQuery(role ? { roleId: role.id } : {});
  const [saveRole] = roleApi.useSaveRoleMutation();
  const [editRole] = roleApi.useEditRoleMutation();
  const [initial] = useState<FormValues>(() => (role ? { roleName: role.roleName, roleCode: role.roleCode, remark: role.remark } : {}));
  const [values, setValues] = useState<FormValues>(initial);
  /** null until the person changes the tree: until then it is what the server checked. */
  const [changed, setChanged] = useState<Grants | null>(null);
  const loaded = useMemo(() => (tree ? initialGrants(tree) : null), [tree]);
  const grants = changed ?? loaded;
  const builtIn = role?.builtIn === true;

  const fields: FormField[] = [
    { key: 'roleName', label: t('role.name'), span: 12, ...fromSchema(RoleSaveBody, 'roleName') },
    {
      key: 'roleCode', label: t('role.code'), span: 12, disabled: builtIn,
      ...fromSchema(RoleSaveBody, 'roleCode', { patternMessage: t('common.codePattern', { label: t('role.code') }) }),
    },
    { key: 'remark', label: t('common.remark'), type: 'textarea', rows: 2, ...fromSchema(RoleSaveBody, 'remark') },
  ];

  const save = async () => {
    const result = form.current?.validate();
    if (!result?.valid || !tree || !grants) return;
    const v = result.values;
    const body = {
      roleName: String(v.roleName),
      roleCode: String(v.roleCode),
      remark: textOrNull(v.remark),
      ...(builtIn ? checkedBody(tree) : grantsBody(tree, grants)),
    };
    // A refusal (a code in use, the built-in role's grants) is the server's message, shown by the HTTP client.
    await (role ? editRole({ id: role.id, ...body }) : saveRole(body)).unwrap();
    notify(t('common.saved'), 'success');
    onClose();
  };

  const dirty = changed !== null || !sameValues(values, initial);

  return (
    <AppDialog ref={dialog} open title={t(role ? 'role.edit' : 'role.add')} onClose={onClose} unsaved={dirty} onSubmit={save} submitDisabled={!tree}>
      <Stack spacing={2}>
        <Form ref={form} autoFocus fields={fields} values={values} onChange={setValues} onSubmit={() => void dialog.current?.submit()} />
        <Divider />
        <Typography variant="subtitle2">{t('role.grants')}</Typography>
        {builtIn && <Alert severity="info">{t('role.builtInNote')}</Alert>}
        {tree && grants ? (
          <Box sx={{ maxHeight: '45vh', overflow: 'auto' }}>
            <RoleMenuTree nodes={tree} grants={grants} onChange={setChanged} disabled={builtIn} />
          </Box>
        ) : (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <CircularProgress size={16} />
            <Typography variant="body2" color="text.secondary">{t('role.loadingTree')}</Typography>
          </Stack>
        )}
      </Stack>
    </AppDialog>
  );
}
