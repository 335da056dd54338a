import type { MaterialRow, MaterialSaveBody } from '@shared/api/material';
import type { FieldOption, FormField, FormValues } from '@renderer/components/Form';
import type { MessageKey } from '@renderer/i18n/messages';

type Translate = (key: MessageKey) => string;

const CODE = /^[A-Za-z0-9_.-]+$/;
const HAZARDS = ['flammable', 'toxic', 'oxidizing', 'corrosive'] as const;
const LIQUEFIED = 'liquefied';

/** The gas form's fields; fill weight and tolerance only for liquefied gases. */
export function materialFields(t: Translate, categories: FieldOption[], values: FormValues): FormField[] {
  const liquefied = values.category === LIQUEFIED;
  const flag = (key: string, label: MessageKey): FormField => ({ key, label: t(label), type: 'switch', activeValue: true, inactiveValue: false, span: 6 });
  return [
    { key: 'materialName', label: t('material.name'), rules: [{ required: true }, { max: 64 }], span: 12 },
    { key: 'materialShortName', label: t('material.shortName'), rules: [{ max: 32 }], span: 12 },
    { key: 'code', label: t('material.code'), rules: [{ required: true }, { max: 32 }, { pattern: CODE, message: t('material.codePattern') }], span: 12 },
    { key: 'category', label: t('material.category'), type: 'select', options: categories, rules: [{ required: true }], span: 12 },
    flag('flammable', 'material.flammable'),
    flag('toxic', 'material.toxic'),
    flag('oxidizing', 'material.oxidizing'),
    flag('corrosive', 'material.corrosive'),
    { key: 'inspectionIntervalYears', label: t('material.interval'), type: 'number', min: 1, max: 20, decimal: 0, placeholder: t('material.defaultHint'), span: 12 },
    { key: 'designLifeYears', label: t('material.designLife'), type: 'number', min: 1, max: 100, decimal: 0, placeholder: t('material.defaultHint'), span: 12 },
    { key: 'targetNetWeight', label: t('material.targetNetWeight'), type: 'number', min: 0, max: 100000, decimal: 3, hidden: !liquefied, span: 12 },
    { key: 'weightTolerance', label: t('material.weightTolerance'), type: 'number', min: 0, max: 100000, decimal: 3, hidden: !liquefied, span: 12 },
    flag('reweighRequired', 'material.reweighRequired'),
    { key: 'status', label: t('material.enabled'), type: 'switch', span: 6 },
    { key: 'remark', label: t('material.remark'), type: 'textarea', rules: [{ max: 255 }] },
  ];
}

/** A new gas starts enabled with no hazards. */
export const emptyMaterial = (): FormValues => ({ flammable: false, toxic: false, oxidizing: false, corrosive: false, reweighRequired: false, status: 1 });

export const materialValues = (row: MaterialRow): FormValues => ({ ...row });

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/**
 * The save body from the form: empty years left out (the server's defaults), weights only for liquefied gases.
 * Empty numbers are left out, not sent as null: the server's validator coerces a null number to 0.
 */
export function materialBody(v: FormValues, id?: number): MaterialSaveBody {
  const liquefied = v.category === LIQUEFIED;
  const body: MaterialSaveBody = {
    ...(id ? { id } : {}),
    materialName: String(v.materialName),
    materialShortName: text(v.materialShortName),
    code: String(v.code),
    category: v.category as MaterialSaveBody['category'],
    ...Object.fromEntries(HAZARDS.map((h) => [h, v[h] === true])),
    reweighRequired: v.reweighRequired === true,
    status: v.status === 0 ? 0 : 1,
    remark: text(v.remark),
  };
  const optional = {
    inspectionIntervalYears: num(v.inspectionIntervalYears),
    designLifeYears: num(v.designLifeYears),
    targetNetWeight: liquefied ? num(v.targetNetWeight) : undefined,
    weightTolerance: liquefied ? num(v.weightTolerance) : undefined,
  };
  for (const [key, value] of Object.entries(optional)) if (value !== undefined) Object.assign(body, { [key]: value });
  return body;
}
