import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { Button, Paper, Stack, Typography } from '@mui/material';
import { Form, type FormValues } from '@renderer/components/Form';
import { deptApi } from '@renderer/features/dept/deptApi';
import { useT } from '@renderer/i18n/useT';
import { notify } from '@renderer/notify/toast';
import { usePermission } from '@renderer/permission/permission';
import { useAppDispatch } from '@renderer/store/hooks';
import { tabClosed } from '@renderer/store/tabsSlice';
import { userApi } from './userApi';
import { editBody, newUserValues, saveBody, userFields, userValues } from './userForm';

const SELF = '/Setting/AddUser';
const LIST = '/Setting/user';

/** /Setting/AddUser: a new user, or (?id=) an existing one; saved, it goes back to the list. */
export default function UserEditPage() {
  const t = useT();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const { data: user } = userApi.useUserDetailQuery(id ? { id } : skipToken);
  const depts = deptApi.useDeptListQuery().data ?? [];
  const roles = userApi.useRoleOptionsQuery().data ?? [];
  const [save, { isLoading: creating }] = userApi.useSaveUserMutation();
  const [edit, { isLoading: editing }] = userApi.useEditUserMutation();
  const mayChangeStatus = usePermission(['user:status']);
  const [edited, setEdited] = useState<FormValues | null>(null);
  // What is shown: the person's edits, else the loaded user, else a new one.
  const values = edited ?? (user ? userValues(user) : id ? {} : newUserValues());

  const back = () => {
    dispatch(tabClosed(SELF));
    void navigate(LIST);
  };

  const submit = async (v: FormValues) => {
    const result = id ? await edit(editBody(id, v)) : await save(saveBody(v));
    if ('error' in result) return;
    notify(t('common.saved'), 'success');
    back();
  };

  return (
    <Paper variant="outlined" sx={{ p: 2, maxWidth: 960 }}>
      <Typography variant="h6" sx={{ fontSize: 16, mb: 1 }}>{t(id ? 'user.edit' : 'user.add')}</Typography>
      <Form fields={userFields(t, { editing: !!id, depts, roles, mayChangeStatus })} values={values} autoFocus
        onChange={setEdited} onSubmit={(v) => void submit(v)}>
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" loading={creating || editing} disabled={!!id && !user}>{t('common.save')}</Button>
          <Button onClick={back}>{t('user.back')}</Button>
        </Stack>
      </Form>
    </Paper>
  );
}
