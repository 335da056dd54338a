import type { AreaNode } from '@shared/api/area';
import { EnterpriseSaveBody, type EnterpriseRow } from '@shared/api/enterprise';
import { fromSchema, rulesFrom, type FieldOption, type FormField, type FormValues } from '@renderer/components/Form';
import { textOrNull } from '@renderer/components/ListPage';
import type { MessageKey } from '@renderer/i18n/messages';

type Translate = (key: MessageKey, vars?: Record<string, string | number>) => string;

const options = (nodes: AreaNode[] | undefined): FieldOption[] => (nodes ?? []).map((n) => ({ label: n.name, value: n.code }));
const childrenOf = (nodes: AreaNode[] | undefined, code: unknown): AreaNode[] | undefined => nodes?.find((n) => n.code === code)?.children;

/** The form's fields; the city and district choices follow the chosen province and city. */
export function enterpriseFields(t: Translate, areas: AreaNode[], values: FormValues): FormField[] {
  const cities = childrenOf(areas, values.provinceCode);
  const districts = childrenOf(cities, values.cityCode);
  // Limits and patterns from the body the server checks (EnterpriseSaveBody).
  const limits = (key: keyof EnterpriseSaveBody, patternMessage?: string) => fromSchema(EnterpriseSaveBody, key, { patternMessage });
  return [
    {
      key: 'type', label: t('enterprise.type'), type: 'radio', options: [{ label: t('enterprise.customers'), value: '2' }, { label: t('enterprise.suppliers'), value: '1' }],
      rules: rulesFrom(EnterpriseSaveBody, 'type'),
    },
    { key: 'enterpriseName', label: t('enterprise.name'), ...limits('enterpriseName'), span: 12 },
    { key: 'enterpriseCode', label: t('enterprise.code'), ...limits('enterpriseCode', t('common.codePattern', { label: t('enterprise.code') })), span: 12 },
    { key: 'creditCode', label: t('enterprise.creditCode'), ...limits('creditCode', t('enterprise.creditCodePattern')), span: 12 },
    { key: 'contact', label: t('enterprise.contact'), ...limits('contact'), span: 6 },
    { key: 'phone', label: t('enterprise.phone'), ...limits('phone', t('enterprise.phonePattern')), span: 6 },
    { key: 'provinceCode', label: t('enterprise.province'), type: 'select', options: options(areas), span: 8 },
    { key: 'cityCode', label: t('enterprise.city'), type: 'select', options: options(cities), disabled: !cities?.length, span: 8 },
    { key: 'districtCode', label: t('enterprise.district'), type: 'select', options: options(districts), disabled: !districts?.length, span: 8 },
    { key: 'address', label: t('enterprise.address'), ...limits('address') },
    { key: 'remark', label: t('common.remark'), type: 'textarea', ...limits('remark') },
  ];
}

/** A new province clears city and district; a new city clears the district. */
export function cascade(prev: FormValues, next: FormValues): FormValues {
  if (next.provinceCode !== prev.provinceCode) return { ...next, cityCode: null, districtCode: null };
  if (next.cityCode !== prev.cityCode) return { ...next, districtCode: null };
  return next;
}

export const enterpriseValues = (row: EnterpriseRow): FormValues => ({ ...row });

const text = textOrNull;

export function enterpriseBody(v: FormValues, id?: number): EnterpriseSaveBody {
  return {
    ...(id ? { id } : {}),
    type: v.type === '1' ? '1' : '2',
    enterpriseName: String(v.enterpriseName),
    enterpriseCode: String(v.enterpriseCode),
    creditCode: text(v.creditCode),
    contact: text(v.contact),
    phone: text(v.phone),
    provinceCode: text(v.provinceCode),
    cityCode: text(v.cityCode),
    districtCode: text(v.districtCode),
    address: text(v.address),
    remark: text(v.remark),
  };
}
