import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { Button, Paper, Stack, Typography } from '@mui/material';
import { Form, type FormValues } from '@renderer/components/Form';
import { lookupsApi } from '@renderer/features/lookups';
import { useCloseTab } from '@renderer/hooks/useCloseTab';
import { useT } from '@renderer/i18n/useT';
import { notify } from '@renderer/notify/toast';
import { enterpriseApi } from './enterpriseApi';
import { cascade, enterpriseBody, enterpriseFields, enterpriseValues } from './enterpriseForm';

const SELF = '/Setting/addEnter';
const LIST = '/Setting/ComeEnterprise';

/** /Setting/addEnter: create (?type=) or edit (?id=) a customer or supplier, then back to the list on its tab. */
export default function EnterpriseEditPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const type = params.get('type') === '1' ? '1' : '2';
  // Another enterprise (or 新增 of the other type) is a form of its own.
  return <EnterpriseForm key={id ?? `new-${type}`} id={id} newType={type} />;
}

function EnterpriseForm({ id, newType }: { id: number | undefined; newType: '1' | '2' }) {
  const t = useT();
  const closeTab = useCloseTab();
  const { data: areas = [] } = lookupsApi.useAreaTreeQuery();
  const { data: row } = enterpriseApi.useEnterpriseQuery(id ? { id } : skipToken);
  const [save, { isLoading: saving }] = enterpriseApi.useSaveEnterpriseMutation();
  const [edited, setEdited] = useState<FormValues | null>(null);
  // What is shown: the person's edits, else the loaded row, else a new one of the chosen type.
  const saved = useMemo(() => (row ? enterpriseValues(row) : { type: newType }), [row, newType]);
  const values = edited ?? saved;

  // 返回 with unsaved changes asks first, as closing the tab does; after saving it just goes.
  const back = (type?: string, force = false) => void closeTab(SELF, { then: type ? `${LIST}?type=${type}` : LIST, force });

  const submit = async (v: FormValues) => {
    const body = enterpriseBody(v, id);
    const result = await save(body);
    if ('error' in result) return;
    notify(t('common.saved'), 'success');
    back(body.type, true);
  };

  return (
    <Paper variant="outlined" sx={{ p: 2, maxWidth: 960 }}>
      <Typography variant="h6" sx={{ fontSize: 16, mb: 1 }}>{t(id ? 'enterprise.edit' : 'enterprise.add')}</Typography>
      <Form fields={enterpriseFields(t, areas, values)} values={values} savedValues={saved} autoFocus
        onChange={(next) => setEdited(cascade(values, next))} onSubmit={(v) => void submit(v)}>
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" loading={saving}>{t('common.save')}</Button>
          <Button onClick={() => back()}>{t('enterprise.back')}</Button>
        </Stack>
      </Form>
    </Paper>
  );
}
