import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { Button, Paper, Stack, Typography } from '@mui/material';
import { Form, type FormValues } from '@renderer/components/Form';
import { deptApi } from '@renderer/features/dept';
import { replaceMasked } from '@renderer/features/transport';
import { useCloseTab } from '@renderer/hooks/useCloseTab';
import { useT } from '@renderer/i18n/useT';
import { notify } from '@renderer/notify/toast';
import { usePermission } from '@renderer/permission/permission';
import { userApi } from './userApi';
import { editBody, newUserValues, saveBody, userFields, userValues } from './userForm';

const SELF = '/Setting/AddUser';
const LIST = '/Setting/user';

/**
 * /Setting/AddUser: a new user, or (?id=) an existing one; saved, it goes back to the list. Another user
 * (or 新增 after an edit) is a form of its own.
 */
export default function UserEditPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  return <UserForm key={id ?? 'new'} id={id} />;
}

function UserForm({ id }: { id: number | undefined }) {
  const t = useT();
  const closeTab = useCloseTab();
  const { data: user } = userApi.useUserDetailQuery(id ? { id } : skipToken);
  const depts = deptApi.useDeptListQuery().data ?? [];
  const roles = userApi.useRoleOptionsQuery().data ?? [];
  const [save, { isLoading: creating }] = userApi.useSaveUserMutation();
  const [edit, { isLoading: editing }] = userApi.useEditUserMutation();
  const mayChangeStatus = usePermission(['user:status']);
  const [edited, setEdited] = useState<FormValues | null>(null);
  // What is shown: the person's edits, else the loaded user, else a new one.
  const saved = useMemo(() => (user ? userValues(user) : id ? {} : newUserValues()), [user, id]);
  const values = edited ?? saved;

  // 返回 with unsaved changes asks first, as closing the tab does; after saving it just goes.
  const back = (force = false) => void closeTab(SELF, { then: LIST, force });

  const submit = async (v: FormValues) => {
    const result = id ? await edit(editBody(id, v, user?.idNoMasked)) : await save(saveBody(v));
    if ('error' in result) return;
    notify(t('common.saved'), 'success');
    back(true);
  };

  return (
    <Paper variant="outlined" sx={{ p: 2, maxWidth: 960 }}>
      <Typography variant="h6" sx={{ fontSize: 16, mb: 1 }}>{t(id ? 'user.edit' : 'user.add')}</Typography>
      <Form fields={userFields(t, { editing: !!id, depts, roles, mayChangeStatus, idNoMasked: user?.idNoMasked })} values={values} savedValues={saved} autoFocus
        onChange={(next) => setEdited({ ...next, idNo: replaceMasked(values.idNo, next.idNo, user?.idNoMasked) })} onSubmit={(v) => void submit(v)}>
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" loading={creating || editing} disabled={!!id && !user}>{t('common.save')}</Button>
          <Button onClick={() => back()}>{t('user.back')}</Button>
        </Stack>
      </Form>
    </Paper>
  );
}
