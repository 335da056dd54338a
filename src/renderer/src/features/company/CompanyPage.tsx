import { useRef, useState } from 'react';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import type { CompanyInfo } from '@shared/api/company';
import { CREDIT_CODE_PATTERN } from '@shared/api/enterprise';
import { Form, type FormField, type FormHandle, type FormValues } from '@renderer/components/Form';
import { textOrNull } from '@renderer/components/ListPage';
import { PageLoading } from '@renderer/components/PageLoading';
import { useT } from '@renderer/i18n/useT';
import { notify } from '@renderer/notify/toast';
import { usePermission } from '@renderer/permission/permission';
import { useAppDispatch } from '@renderer/store/hooks';
import { rootInfoApi } from '@renderer/store/rootInfoApi';
import { companyApi } from './companyApi';
import { LogoField } from './LogoField';
import { LicenceWarning } from './LicenceWarning';

const CREDIT = new RegExp(CREDIT_CODE_PATTERN);
const PHONE = /^[0-9+\-() ]{3,32}$/;
const TEXT_KEYS = ['companyName', 'creditCode', 'licenceNo', 'licenceExpiry', 'address', 'phone', 'appTitle', 'publicUrl'] as const;
const PUBLIC_URL = /^https?:\/\/[A-Za-z0-9.-]+(:[0-9]{1,5})?(\/[A-Za-z0-9._~-]*)*$/;

/** 企业信息: the plant's one record, what documents print and the title bar shows. */
export default function CompanyPage() {
  const { data, isLoading } = companyApi.useCompanyInfoQuery();
  if (isLoading) return <PageLoading />;
  // Saved again: the form starts over from what the server now holds.
  return <CompanyForm key={data?.updatedAt ?? 'new'} info={data ?? null} />;
}

function CompanyForm({ info }: { info: CompanyInfo | null }) {
  const t = useT();
  const dispatch = useAppDispatch();
  const canSave = usePermission(['company:save']);
  const form = useRef<FormHandle>(null);
  const [logo, setLogo] = useState<string | null>(info?.logoPath ?? null);
  const [saving, setSaving] = useState(false);
  const [save] = companyApi.useSaveCompanyMutation();
  const { refetch } = companyApi.useCompanyInfoQuery();
  const initial: FormValues = { ...Object.fromEntries(TEXT_KEYS.map((k) => [k, info?.[k] ?? null])), publicPage: info?.publicPage ?? 1 };

  const fields: FormField[] = [
    { key: 'companyName', label: t('company.companyName'), rules: [{ max: 128 }], span: 24 },
    { key: 'creditCode', label: t('company.creditCode'), rules: [{ pattern: CREDIT, message: t('company.creditCodePattern') }], maxLength: 18 },
    { key: 'phone', label: t('company.phone'), rules: [{ pattern: PHONE, message: t('company.phonePattern') }], maxLength: 32 },
    { key: 'licenceNo', label: t('company.licenceNo'), rules: [{ max: 64 }] },
    { key: 'licenceExpiry', label: t('company.licenceExpiry'), type: 'date' },
    { key: 'address', label: t('company.address'), rules: [{ max: 255 }], span: 24 },
    { key: 'appTitle', label: t('company.appTitle'), placeholder: t('company.appTitleHint'), rules: [{ max: 64 }], span: 24 },
    { key: 'publicPage', label: t('company.publicPage'), type: 'switch', hint: t('company.publicPageHint'), span: 24 },
    { key: 'publicUrl', label: t('company.publicUrl'), placeholder: t('company.publicUrlHint'), rules: [{ max: 200 }, { pattern: PUBLIC_URL, message: t('company.publicUrlPattern') }], span: 24 },
  ];

  const submit = async () => {
    const result = form.current?.validate();
    if (!result?.valid) return;
    const v = result.values;
    setSaving(true);
    try {
      await save({ ...Object.fromEntries(TEXT_KEYS.map((k) => [k, textOrNull(v[k])])), logoPath: logo, publicPage: v.publicPage === 0 ? 0 : 1 }).unwrap();
    } catch {
      return; // the HTTP client showed the refusal
    } finally {
      setSaving(false);
    }
    notify(t('common.saved'), 'success');
    // The title bar reads the name from GET /: asked again, so it changes without a reload.
    void dispatch(rootInfoApi.endpoints.rootInfo.initiate(undefined, { forceRefetch: true, subscribe: false }));
    void refetch();
  };

  return (
    <Box sx={{ flex: 1, minHeight: 0, overflow: 'auto' }}>
      <Paper variant="outlined" sx={{ p: 2, maxWidth: 880 }}>
        <Stack spacing={2}>
          <LicenceWarning info={info} />
          {!canSave && <Typography variant="body2" color="text.secondary">{t('company.readOnly')}</Typography>}
          <Form ref={form} fields={fields} initialValues={initial} defaultSpan={12} disabled={!canSave} onSubmit={() => void submit()} />
          <LogoField path={logo} onChange={setLogo} disabled={!canSave} />
          {canSave && (
            <Box>
              <Button variant="contained" onClick={() => void submit()} loading={saving}>{t('common.save')}</Button>
            </Box>
          )}
        </Stack>
      </Paper>
    </Box>
  );
}
