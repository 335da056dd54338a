import { useRef, useState } from 'react';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { CompanySaveBody, type CompanyInfo } from '@shared/api/company';
import type { AreaNode } from '@shared/api/area';
import { Form, fromSchema, type FormField, type FormHandle, type FormValues } from '@renderer/components/Form';
import { textOrNull } from '@renderer/components/ListPage';
import { PageLoading } from '@renderer/components/PageLoading';
import { lookupsApi } from '@renderer/features/lookups';
import { useT } from '@renderer/i18n/useT';
import { notify } from '@renderer/notify/toast';
import { usePermission } from '@renderer/permission/permission';
import { useAppDispatch } from '@renderer/store/hooks';
import { rootInfoApi } from '@renderer/store/rootInfoApi';
import { areaCodeOf, areaOptions, areaPath, cascadeArea, childrenOf } from './area';
import { companyApi } from './companyApi';
import { LogoField } from './LogoField';
import { LicenceWarning } from './LicenceWarning';

const TEXT_KEYS = ['companyName', 'creditCode', 'licenceNo', 'licenceExpiry', 'address', 'phone', 'appTitle', 'publicUrl'] as const;

/** 企业信息: the plant's one record, what documents print and the title bar shows. */
export default function CompanyPage() {
  const { data, isLoading } = companyApi.useCompanyInfoQuery();
  // 所在地区 is shown as its province, city and district: the tree is needed to start the form.
  const areas = lookupsApi.useAreaTreeQuery();
  if (isLoading || areas.isLoading) return <PageLoading />;
  // Saved again: the form starts over from what the server now holds.
  return <CompanyForm key={data?.updatedAt ?? 'new'} info={data ?? null} areas={areas.data ?? []} />;
}

function CompanyForm({ info, areas }: { info: CompanyInfo | null; areas: AreaNode[] }) {
  const t = useT();
  const dispatch = useAppDispatch();
  const canSave = usePermission(['company:save']);
  const form = useRef<FormHandle>(null);
  const [logo, setLogo] = useState<string | null>(info?.logoPath ?? null);
  const [saving, setSaving] = useState(false);
  const [save] = companyApi.useSaveCompanyMutation();
  const { refetch } = companyApi.useCompanyInfoQuery();
  const [initial] = useState<FormValues>(() => ({
    ...Object.fromEntries(TEXT_KEYS.map((k) => [k, info?.[k] ?? null])), publicPage: info?.publicPage ?? 1, ...areaPath(areas, info?.areaCode),
  }));
  const [values, setValues] = useState<FormValues>(initial);
  const cities = childrenOf(areas, values.areaProvince);
  const districts = childrenOf(cities, values.areaCity);

  // Limits and patterns from the body the server checks (CompanySaveBody); the pattern messages say what is expected.
  const limits = (key: keyof CompanySaveBody, patternMessage?: string) => fromSchema(CompanySaveBody, key, { patternMessage });
  const fields: FormField[] = [
    { key: 'companyName', label: t('company.companyName'), ...limits('companyName'), span: 24 },
    { key: 'creditCode', label: t('company.creditCode'), ...limits('creditCode', t('company.creditCodePattern')) },
    { key: 'phone', label: t('company.phone'), ...limits('phone', t('company.phonePattern')) },
    { key: 'licenceNo', label: t('company.licenceNo'), ...limits('licenceNo') },
    { key: 'licenceExpiry', label: t('company.licenceExpiry'), type: 'date', ...limits('licenceExpiry') },
    { key: 'areaProvince', label: t('company.areaProvince'), type: 'select', clearable: true, options: areaOptions(areas), hint: t('company.areaHint'), span: 8 },
    { key: 'areaCity', label: t('company.areaCity'), type: 'select', options: areaOptions(cities), disabled: !cities?.length, span: 8 },
    { key: 'areaDistrict', label: t('company.areaDistrict'), type: 'select', options: areaOptions(districts), disabled: !districts?.length, span: 8 },
    { key: 'address', label: t('company.address'), ...limits('address'), span: 24 },
    { key: 'appTitle', label: t('company.appTitle'), placeholder: t('company.appTitleHint'), ...limits('appTitle'), span: 24 },
    { key: 'publicPage', label: t('company.publicPage'), type: 'switch', hint: t('company.publicPageHint'), span: 24 },
    { key: 'publicUrl', label: t('company.publicUrl'), placeholder: t('company.publicUrlHint'), ...limits('publicUrl', t('company.publicUrlPattern')), span: 24 },
  ];

  const submit = async () => {
    const result = form.current?.validate();
    if (!result?.valid) return;
    const v = result.values;
    setSaving(true);
    try {
      await save({
        ...Object.fromEntries(TEXT_KEYS.map((k) => [k, textOrNull(v[k])])), logoPath: logo, publicPage: v.publicPage === 0 ? 0 : 1, areaCode: areaCodeOf(v),
      }).unwrap();
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
          <Form ref={form} fields={fields} values={values} savedValues={initial} onChange={(next) => setValues(cascadeArea(values, next))}
            defaultSpan={12} disabled={!canSave} onSubmit={() => void submit()} />
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
