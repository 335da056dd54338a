import { MaterialSaveBody, type MaterialRow } from '@shared/api/material';
import { fromSchema, rulesFrom, type FieldOption, type FormField, type FormValues } from '@renderer/components/Form';
import { numberOrUndefined, textOrNull } from '@renderer/components/ListPage';
import type { MessageKey } from '@renderer/i18n/messages';

type Translate = (key: MessageKey, vars?: Record<string, string | number>) => string;

const HAZARDS = ['flammable', 'toxic', 'oxidizing', 'corrosive'] as const;
const LIQUEFIED = 'liquefied';

/**
 * The gas form's fields. Fill weight and tolerance show for liquefied gases and whenever 需要复秤 is on,
 * and are required (with their *) exactly when it is: re-weighing compares against them.
 */
export function materialFields(t: Translate, categories: FieldOption[], values: FormValues): FormField[] {
  const reweigh = values.reweighRequired === true;
  const weights = reweigh || values.category === LIQUEFIED;
  const flag = (key: string, label: MessageKey): FormField => ({ key, label: t(label), type: 'switch', activeValue: true, inactiveValue: false, span: 6 });
  // Limits from the body the server checks (MaterialSaveBody); weights to the gram.
  const limits = (key: keyof MaterialSaveBody, patternMessage?: string) => fromSchema(MaterialSaveBody, key, { patternMessage });
  const weight = (key: 'targetNetWeight' | 'weightTolerance', label: MessageKey): FormField => ({
    key, label: t(label), type: 'number', ...fromSchema(MaterialSaveBody, key, { required: reweigh }), decimal: 3, hidden: !weights,
  });
  return [
    { key: 'materialName', label: t('material.name'), ...limits('materialName') },
    { key: 'materialShortName', label: t('material.shortName'), ...limits('materialShortName') },
    { key: 'code', label: t('material.code'), ...limits('code', t('common.codePattern', { label: t('material.code') })) },
    { key: 'category', label: t('material.category'), type: 'select', options: categories, rules: rulesFrom(MaterialSaveBody, 'category') },
    flag('flammable', 'material.flammable'),
    flag('toxic', 'material.toxic'),
    flag('oxidizing', 'material.oxidizing'),
    flag('corrosive', 'material.corrosive'),
    { key: 'inspectionIntervalYears', label: t('material.interval'), type: 'number', ...limits('inspectionIntervalYears'), placeholder: t('material.defaultHint') },
    { key: 'designLifeYears', label: t('material.designLife'), type: 'number', ...limits('designLifeYears'), placeholder: t('material.defaultHint') },
    { key: 'extendedLifeYears', label: t('material.extendedLife'), type: 'number', ...limits('extendedLifeYears'), placeholder: t('material.defaultHint') },
    flag('reweighRequired', 'material.reweighRequired'),
    { key: 'status', label: t('material.enabled'), type: 'switch', span: 6 },
    weight('targetNetWeight', 'material.targetNetWeight'),
    weight('weightTolerance', 'material.weightTolerance'),
    { key: 'remark', label: t('common.remark'), type: 'textarea', ...limits('remark'), span: 24 },
  ];
}

/** A new gas starts enabled with no hazards; an edited one shows its row. */
export const materialValues = (row: MaterialRow | null): FormValues =>
  row ? { ...row } : { flammable: false, toxic: false, oxidizing: false, corrosive: false, reweighRequired: false, status: 1 };

/**
 * The save body: empty years left out (the server's defaults), weights only where the form shows them.
 * Empty numbers are left out, not sent as null: the server would read a null number as "none given".
 */
export function materialBody(v: FormValues, row: MaterialRow | null): MaterialSaveBody {
  const weights = v.reweighRequired === true || v.category === LIQUEFIED;
  const body: MaterialSaveBody = {
    ...(row ? { id: row.id } : {}),
    materialName: String(v.materialName),
    materialShortName: textOrNull(v.materialShortName),
    code: String(v.code),
    category: v.category as MaterialSaveBody['category'],
    ...Object.fromEntries(HAZARDS.map((h) => [h, v[h] === true])),
    reweighRequired: v.reweighRequired === true,
    status: v.status === 0 ? 0 : 1,
    remark: textOrNull(v.remark),
  };
  const optional = {
    inspectionIntervalYears: numberOrUndefined(v.inspectionIntervalYears),
    designLifeYears: numberOrUndefined(v.designLifeYears),
    extendedLifeYears: numberOrUndefined(v.extendedLifeYears),
    targetNetWeight: weights ? numberOrUndefined(v.targetNetWeight) : undefined,
    weightTolerance: weights ? numberOrUndefined(v.weightTolerance) : undefined,
  };
  for (const [key, value] of Object.entries(optional)) if (value !== undefined) Object.assign(body, { [key]: value });
  return body;
}
