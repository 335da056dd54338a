import { MAX_RANGE, type CodeRange, type CylinderFields } from '@shared/api/product';
import { addYears, isValidDate } from '../../lib/dates';
import { blankToNull } from '../../lib/paging';
import type { CylinderValues } from './product.repository';

/** What registration looks up once for a whole batch or import. */
export interface Lookups {
  materials: Map<number, { name: string; status: number; interval: number }>;
  /** enterprise id → type (1 supplier, 2 customer) */
  enterprises: Map<number, { name: string; type: number }>;
  warehouses: Set<number>;
  today: string;
}

/**
 * The codes of a range: prefix + start..end zero-padded to width (default: the digits of end), and the
 * steel stamps numbered alongside when a steel-stamp prefix is given.
 */
export function rangeCodes(range: CodeRange): { codes: string[]; steelStamps?: string[]; error?: string } {
  const width = range.width ?? String(range.end).length;
  if (range.end < range.start) return { codes: [], error: '结束号不能小于起始号' };
  if (range.end - range.start + 1 > MAX_RANGE) return { codes: [], error: `按号段一次最多登记 ${MAX_RANGE} 个气瓶` };
  if (String(range.end).length > width) return { codes: [], error: `位数 ${width} 放不下结束号 ${range.end}` };
  if (range.prefix.length + width > 64) return { codes: [], error: '生成的气瓶编码超过 64 个字符' };
  const stampPrefix = range.steelStampPrefix?.trim();
  if (stampPrefix && stampPrefix.length + width > 64) return { codes: [], error: '生成的钢印号超过 64 个字符' };
  const numbers: string[] = [];
  for (let n = range.start; n <= range.end; n += 1) numbers.push(String(n).padStart(width, '0'));
  return {
    codes: numbers.map((n) => `${range.prefix}${n}`),
    ...(stampPrefix ? { steelStamps: numbers.map((n) => `${stampPrefix}${n}`) } : {}),
  };
}

const date = (v: string | null | undefined) => blankToNull(v);

/**
 * Every reason the fields are refused (each names its field) and the row values without the code.
 * The next inspection date is derived from the last inspection (or the manufacture date) plus the gas's
 * interval unless given.
 */
export function checkCylinder(f: CylinderFields, ctx: Lookups): { values: Omit<CylinderValues, 'code'>; reasons: string[] } {
  const reasons: string[] = [];
  const material = ctx.materials.get(f.materialId);
  if (!material) reasons.push(`介质不存在：${f.materialId}`);
  else if (material.status !== 1) reasons.push(`介质已停用：${material.name}`);

  const ownerType = f.ownerType ?? 1;
  const ownerId = f.ownerEnterpriseId ?? null;
  if (ownerType === 2) {
    const owner = ownerId === null ? undefined : ctx.enterprises.get(ownerId);
    if (ownerId === null) reasons.push('客户气瓶必须填写产权单位');
    else if (!owner) reasons.push(`产权单位不存在：${ownerId}`);
    else if (owner.type !== 2) reasons.push(`产权单位不是客户：${owner.name}`);
  } else if (ownerId !== null) {
    reasons.push('自有气瓶不能填写产权单位');
  }
  const warehouseId = f.warehouseId ?? null;
  if (warehouseId !== null && !ctx.warehouses.has(warehouseId)) reasons.push(`仓库不存在：${warehouseId}`);

  const made = date(f.manufactureDate);
  const last = date(f.lastInspectionDate);
  let next = date(f.nextInspectionDate);
  for (const [label, v] of [['制造日期', made], ['上次检验日期', last], ['下次检验日期', next]] as const) {
    if (v && !isValidDate(v)) reasons.push(`${label}不是有效日期：${v}`);
  }
  if (made && isValidDate(made) && made > ctx.today) reasons.push(`制造日期不能晚于今天：${made}`);
  if (made && last && last < made) reasons.push(`上次检验日期不能早于制造日期：${last}`);
  if (last && last > ctx.today) reasons.push(`上次检验日期不能晚于今天：${last}`);
  if (next && (last ?? made) && next <= (last ?? made)!) reasons.push(`下次检验日期必须晚于上次检验或制造日期：${next}`);
  const base = last ?? made;
  if (!next && base && isValidDate(base) && material) next = addYears(base, material.interval);

  return {
    reasons,
    values: {
      steel_stamp: blankToNull(f.steelStamp),
      material_id: f.materialId,
      owner_type: ownerType,
      owner_enterprise_id: ownerType === 2 ? ownerId : null,
      manufacturer: blankToNull(f.manufacturer),
      manufacture_date: made,
      specification: blankToNull(f.specification),
      water_volume: f.waterVolume ?? null,
      tare_weight: f.tareWeight ?? null,
      working_pressure: f.workingPressure ?? null,
      design_life_years: f.designLifeYears ?? null,
      last_inspection_date: last,
      next_inspection_date: next,
      warehouse_id: warehouseId,
      location_enterprise_id: null,
      valve_no: blankToNull(f.valveNo),
      remark: blankToNull(f.remark),
    },
  };
}
