import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Paper, Stack, Typography } from '@mui/material';
import type { AreaNode } from '@shared/api/area';
import { Form, type FormHandle, type FormValues } from '@renderer/components/Form';
import { useT } from '@renderer/i18n/useT';
import { notify } from '@renderer/notify/toast';
import { useAppDispatch } from '@renderer/store/hooks';
import { tabClosed } from '@renderer/store/tabsSlice';
import { fetchAreaTree, fetchEnterprise, saveEnterprise } from './enterpriseApi';
import { cascade, enterpriseBody, enterpriseFields, enterpriseValues } from './enterpriseForm';

const SELF = '/Setting/addEnter';
const LIST = '/Setting/ComeEnterprise';

/** /Setting/addEnter: create (?type=) or edit (?id=) a customer or supplier, then back to the list. */
export default function EnterpriseEditPage() {
  const t = useT();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const form = useRef<FormHandle>(null);
  const [areas, setAreas] = useState<AreaNode[]>([]);
  const [values, setValues] = useState<FormValues>({ type: params.get('type') === '1' ? '1' : '2' });
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    fetchAreaTree().then((tree) => setAreas(tree ?? [])).catch(() => undefined);
  }, []);
  useEffect(() => {
    if (id) fetchEnterprise(id).then((row) => setValues(enterpriseValues(row))).catch(() => undefined);
  }, [id]);

  const back = () => {
    dispatch(tabClosed(SELF));
    navigate(LIST);
  };

  const save = async (v: FormValues) => {
    setSaving(true);
    try {
      await saveEnterprise(enterpriseBody(v, id));
      notify(t('enterprise.saved'), 'success');
      back();
    } catch {
      setSaving(false);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2, maxWidth: 960 }}>
      <Typography variant="h6" sx={{ fontSize: 16, mb: 1 }}>{t(id ? 'enterprise.edit' : 'enterprise.add')}</Typography>
      <Form ref={form} fields={enterpriseFields(t, areas, values)} values={values} onChange={(next) => setValues((prev) => cascade(prev, next))} onSubmit={(v) => void save(v)}>
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" loading={saving}>{t('common.save')}</Button>
          <Button onClick={back}>{t('enterprise.back')}</Button>
        </Stack>
      </Form>
    </Paper>
  );
}
