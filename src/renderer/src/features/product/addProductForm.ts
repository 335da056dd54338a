import { AddProductBody, CodeRange, CylinderFields, MAX_RANGE } from '@shared/api/product';
import { fromSchema, rulesFrom, type FieldOption, type FormField, type FormValues } from '@renderer/components/Form';
import type { MessageKey } from '@renderer/i18n/messages';
import type { Lookups } from './useLookups';

type T = (key: MessageKey, vars?: Record<string, string | number>) => string;

export const SINGLE = 'single';
export const RANGE = 'range';
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** Checks the range as a whole: start ≤ end, at most MAX_RANGE codes, padding wide enough for the end. */
export function rangeError(v: FormValues, t: T): string | undefined {
  const start = num(v.start);
  const end = num(v.end);
  if (start === null || end === null) return undefined;
  if (end < start) return t('product.rangeEndBeforeStart');
  if (end - start + 1 > MAX_RANGE) return t('product.rangeTooMany', { max: MAX_RANGE });
  const width = num(v.width);
  if (width !== null && width < String(end).length) return t('product.rangeWidthShort');
  return undefined;
}

/** Suggestions from the dictionary (数据字典) for the free-text cylinder fields. */
export interface CylinderSuggestions {
  specification: FieldOption[];
  manufacturer: FieldOption[];
}
const NO_SUGGESTIONS: CylinderSuggestions = { specification: [], manufacturer: [] };

/**
 * The 新增 form: one code, or prefix + start..end with zero padding; then the shared cylinder fields. A
 * steel stamp and a valve belong to one cylinder: in range mode the stamps take their own prefix (numbered
 * like the codes) and the valve is not asked.
 */
export function addProductFields(mode: unknown, lookups: Lookups, t: T, ownerType: unknown, suggest: CylinderSuggestions = NO_SUGGESTIONS): FormField[] {
  const single = mode !== RANGE;
  const modes: FieldOption[] = [{ label: t('product.modeSingle'), value: SINGLE }, { label: t('product.modeRange'), value: RANGE }];
  const codePattern = (label: MessageKey) => ({ patternMessage: t('common.codePattern', { label: t(label) }) });
  // Limits of the cylinder's own fields, from the body the server checks (CylinderFields); sizes to the hundredth.
  const cylinder = (key: keyof CylinderFields) => fromSchema(CylinderFields, key);
  return [
    { key: 'mode', label: t('product.addMode'), type: 'radio', options: modes, span: 24 },
    // One code (the body's code, required in this mode) or a range (CodeRange; the prefix may stay empty).
    { key: 'code', label: t('product.code'), hidden: !single, ...fromSchema(AddProductBody, 'code', { required: true, ...codePattern('product.code') }) },
    { key: 'prefix', label: t('product.rangePrefix'), hidden: single, ...fromSchema(CodeRange, 'prefix', { required: false, ...codePattern('product.rangePrefix') }) },
    { key: 'start', label: t('product.rangeStart'), type: 'number', hidden: single, ...fromSchema(CodeRange, 'start') },
    { key: 'end', label: t('product.rangeEnd'), type: 'number', hidden: single, ...fromSchema(CodeRange, 'end', { also: [{ validator: (_v, all) => rangeError(all, t) }] }) },
    { key: 'width', label: t('product.rangeWidth'), type: 'number', hidden: single, ...fromSchema(CodeRange, 'width') },
    {
      key: 'steelStampPrefix', label: t('product.rangeStampPrefix'), hidden: single, placeholder: t('product.rangeStampHint'),
      ...fromSchema(CodeRange, 'steelStampPrefix', codePattern('product.rangeStampPrefix')),
    },
    { key: 'materialId', label: t('product.material'), type: 'select', options: lookups.materials, rules: rulesFrom(CylinderFields, 'materialId') },
    { key: 'steelStamp', label: t('product.steelStamp'), ...cylinder('steelStamp'), hidden: !single },
    { key: 'ownerType', label: t('product.ownerType'), type: 'radio', options: [{ label: t('product.ownOwner'), value: 1 }, { label: t('product.customerOwner'), value: 2 }] },
    { key: 'ownerEnterpriseId', label: t('product.owner'), type: 'select', options: lookups.customers, hidden: ownerType !== 2, rules: [{ required: true }] },
    { key: 'warehouseId', label: t('product.warehouse'), type: 'select', options: lookups.warehouses },
    { key: 'specification', label: t('product.specification'), type: 'autocomplete', options: suggest.specification, ...cylinder('specification') },
    { key: 'manufacturer', label: t('product.manufacturer'), type: 'autocomplete', options: suggest.manufacturer, ...cylinder('manufacturer') },
    { key: 'manufactureDate', label: t('product.manufactureDate'), type: 'date', ...cylinder('manufactureDate') },
    { key: 'waterVolume', label: t('product.waterVolume'), type: 'number', ...cylinder('waterVolume'), decimal: 2 },
    { key: 'tareWeight', label: t('product.tareWeight'), type: 'number', ...cylinder('tareWeight'), decimal: 2 },
    { key: 'workingPressure', label: t('product.workingPressure'), type: 'number', ...cylinder('workingPressure'), decimal: 2 },
    { key: 'designLifeYears', label: t('product.designLifeYears'), type: 'number', ...cylinder('designLifeYears') },
    { key: 'lastInspectionDate', label: t('product.lastInspectionDate'), type: 'date', ...cylinder('lastInspectionDate') },
    { key: 'nextInspectionDate', label: t('product.nextInspectionDate'), type: 'date', ...cylinder('nextInspectionDate') },
    { key: 'valveNo', label: t('product.valveNo'), ...cylinder('valveNo'), hidden: !single },
    { key: 'remark', label: t('common.remark'), type: 'textarea', ...cylinder('remark'), span: 24 },
  ];
}

const CYLINDER_KEYS = ['manufacturer', 'manufactureDate', 'specification', 'waterVolume', 'tareWeight', 'workingPressure',
  'designLifeYears', 'lastInspectionDate', 'nextInspectionDate', 'warehouseId', 'remark'] as const;
/** One cylinder's own: never copied onto a range. */
const SINGLE_KEYS = ['steelStamp', 'valveNo'] as const;

/** The request body of /api/product/addProduct from the form's values: empty fields are left out. */
export function addProductBody(v: FormValues): AddProductBody {
  const body: Record<string, unknown> = { materialId: v.materialId, ownerType: v.ownerType === 2 ? 2 : 1 };
  if (v.ownerType === 2) body.ownerEnterpriseId = v.ownerEnterpriseId;
  const given = (key: string) => v[key] !== undefined && v[key] !== null && v[key] !== '';
  for (const key of CYLINDER_KEYS) if (given(key)) body[key] = v[key];
  if (v.mode === RANGE) {
    body.range = {
      prefix: (v.prefix as string | undefined) ?? '', start: v.start, end: v.end, ...(num(v.width) !== null ? { width: v.width } : {}),
      ...(given('steelStampPrefix') ? { steelStampPrefix: v.steelStampPrefix } : {}),
    };
  } else {
    body.code = v.code;
    for (const key of SINGLE_KEYS) if (given(key)) body[key] = v[key];
  }
  return body as AddProductBody;
}
