import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { Button, Paper, Stack, Typography } from '@mui/material';
import { Form, type FormValues } from '@renderer/components/Form';
import { lookupsApi } from '@renderer/features/lookups/lookupsApi';
import { useT } from '@renderer/i18n/useT';
import { notify } from '@renderer/notify/toast';
import { useAppDispatch } from '@renderer/store/hooks';
import { tabClosed } from '@renderer/store/tabsSlice';
import { enterpriseApi } from './enterpriseApi';
import { cascade, enterpriseBody, enterpriseFields, enterpriseValues } from './enterpriseForm';

const SELF = '/Setting/addEnter';
const LIST = '/Setting/ComeEnterprise';

/** /Setting/addEnter: create (?type=) or edit (?id=) a customer or supplier, then back to the list on its tab. */
export default function EnterpriseEditPage() {
  const t = useT();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const { data: areas = [] } = lookupsApi.useAreaTreeQuery();
  const { data: row } = enterpriseApi.useEnterpriseQuery(id ? { id } : skipToken);
  const [save, { isLoading: saving }] = enterpriseApi.useSaveEnterpriseMutation();
  const [edited, setEdited] = useState<FormValues | null>(null);
  // What is shown: the person's edits, else the loaded row, else a new one of the chosen type.
  const values = edited ?? (row ? enterpriseValues(row) : { type: params.get('type') === '1' ? '1' : '2' });

  const back = (type?: string) => {
    dispatch(tabClosed(SELF));
    void navigate(type ? `${LIST}?type=${type}` : LIST);
  };

  const submit = async (v: FormValues) => {
    const body = enterpriseBody(v, id);
    const result = await save(body);
    if ('error' in result) return;
    notify(t('common.saved'), 'success');
    back(body.type);
  };

  return (
    <Paper variant="outlined" sx={{ p: 2, maxWidth: 960 }}>
      <Typography variant="h6" sx={{ fontSize: 16, mb: 1 }}>{t(id ? 'enterprise.edit' : 'enterprise.add')}</Typography>
      <Form fields={enterpriseFields(t, areas, values)} values={values} autoFocus
        onChange={(next) => setEdited(cascade(values, next))} onSubmit={(v) => void submit(v)}>
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" loading={saving}>{t('common.save')}</Button>
          <Button onClick={() => back()}>{t('enterprise.back')}</Button>
        </Stack>
      </Form>
    </Paper>
  );
}
