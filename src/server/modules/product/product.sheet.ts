import type { Kysely } from 'kysely';
import type { ImportResult, ImportRowError } from '@shared/api/schema';
import { PRODUCT_STATUS_NAMES } from '@shared/api/enum';
import type { CylinderFields, ProductRow } from '@shared/api/product';
import { placeText } from '@shared/cylinder/place';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../lib/errors';
import type { SheetColumn } from '../../lib/xlsx/columns';
import { readSheet } from '../../lib/xlsx/read';
import { mapUniqueViolation } from '../../lib/db-errors';
import { importReport, runImport } from '../../lib/import-report';
import { loadLookups } from './lookups.repository';
import * as repo from './product.repository';
import { checkCylinder } from './product.rules';
import { duplicateCodes, type Operator } from './product.service';
import { appendTraces } from '../cylinder';

type ImportKey = 'code' | 'steelStamp' | 'materialCode' | 'ownerTypeName' | 'ownerCode' | 'manufacturer' | 'manufactureDate'
  | 'specification' | 'waterVolume' | 'tareWeight' | 'workingPressure' | 'designLifeYears' | 'lastInspectionDate'
  | 'nextInspectionDate' | 'warehouseCode' | 'valveNo' | 'remark';

export const PRODUCT_IMPORT_COLUMNS: SheetColumn<ImportKey>[] = [
  { header: '气瓶编码', key: 'code', width: 18, maxLength: 64, note: '必填且唯一（条码/二维码内容）：字母、数字、_ . -；已报废的编码也不能再用' },
  { header: '钢印号', key: 'steelStamp', width: 16, maxLength: 64 },
  { header: '介质编码', key: 'materialCode', width: 12, maxLength: 64, note: '必填：介质管理中启用的介质编码，如 N2' },
  { header: '产权', key: 'ownerTypeName', width: 8, maxLength: 64, note: '自有 或 客户；空为自有' },
  { header: '产权客户编码', key: 'ownerCode', width: 14, maxLength: 64, note: '产权为客户时必填：客户的企业编码' },
  { header: '制造单位', key: 'manufacturer', width: 20, maxLength: 128 },
  { header: '制造日期', key: 'manufactureDate', width: 12, maxLength: 64, note: '日期，如 2023-05-01' },
  { header: '规格型号', key: 'specification', width: 12, maxLength: 32, note: '如 40L、YSP-15' },
  { header: '水容积(L)', key: 'waterVolume', width: 10, maxLength: 64 },
  { header: '皮重(kg)', key: 'tareWeight', width: 10, maxLength: 64 },
  { header: '公称工作压力(MPa)', key: 'workingPressure', width: 16, maxLength: 64 },
  { header: '设计使用年限(年)', key: 'designLifeYears', width: 14, maxLength: 64, note: '空则按介质默认' },
  { header: '上次检验日期', key: 'lastInspectionDate', width: 12, maxLength: 64 },
  { header: '下次检验日期', key: 'nextInspectionDate', width: 12, maxLength: 64, note: '空则按上次检验（或制造）日期加介质检验周期' },
  { header: '仓库编码', key: 'warehouseCode', width: 12, maxLength: 64 },
  { header: '瓶阀编号', key: 'valveNo', width: 14, maxLength: 64 },
  { header: '备注', key: 'remark', width: 20, maxLength: 255 },
];

/**
 * The template's example row, referring to a gas and a warehouse that exist here; where none exists yet the
 * cell says what to put there. The row is marked as the example and never imported.
 */
export async function productTemplateExample(db: Kysely<DB>): Promise<Record<string, string | number>> {
  const [gas, warehouse] = await repo.templateCodes(db);
  return {
    code: 'QP000001', steelStamp: 'GS2023001', materialCode: gas?.code ?? '（请填写介质管理中的介质编码）', ownerTypeName: '自有', ownerCode: '',
    manufacturer: '某某钢瓶厂', manufactureDate: '2023-05-01', specification: '40L', waterVolume: 40, tareWeight: 50.5, workingPressure: 15,
    designLifeYears: '', lastInspectionDate: '', nextInspectionDate: '', warehouseCode: warehouse?.code ?? '（请填写仓库管理中的仓库编码，可空）',
    valveNo: 'QF-001', remark: '',
  };
}

export const PRODUCT_EXPORT_COLUMNS: SheetColumn[] = [
  { header: '气瓶编码', key: 'code', width: 18 }, { header: '钢印号', key: 'steelStamp', width: 16 },
  { header: '介质', key: 'materialName', width: 14 }, { header: '状态', key: 'statusName', width: 10 },
  { header: '产权', key: 'ownerTypeName', width: 8 }, { header: '产权单位', key: 'ownerName', width: 24 },
  { header: '制造单位', key: 'manufacturer', width: 20 }, { header: '制造日期', key: 'manufactureDate', width: 12 },
  { header: '规格型号', key: 'specification', width: 12 }, { header: '水容积(L)', key: 'waterVolume', width: 10 },
  { header: '皮重(kg)', key: 'tareWeight', width: 10 }, { header: '公称工作压力(MPa)', key: 'workingPressure', width: 16 },
  { header: '设计使用年限(年)', key: 'designLifeYears', width: 14 }, { header: '上次检验日期', key: 'lastInspectionDate', width: 12 },
  { header: '下次检验日期', key: 'nextInspectionDate', width: 12 }, { header: '所在位置', key: 'placeText', width: 28 },
  { header: '瓶阀编号', key: 'valveNo', width: 14 },
  { header: '备注', key: 'remark', width: 20 }, { header: '登记时间', key: 'createdAt', width: 20 },
];

export function exportRow(p: ProductRow): Record<string, unknown> {
  return {
    ...p, statusName: PRODUCT_STATUS_NAMES[p.status] ?? String(p.status), ownerTypeName: p.ownerType === 2 ? '客户' : '自有', placeText: placeText(p),
  };
}

/** 2023/5/1 and 2023-5-1 as typed in a sheet → 2023-05-01. */
function normalizeDate(text: string): string {
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text);
  return m ? `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}` : text;
}

function numberOf(text: string, label: string, reasons: string[], integer = false): number | null {
  if (!text) return null;
  const n = Number(text);
  if (!Number.isFinite(n) || n < 0 || (integer && (!Number.isInteger(n) || n < 1))) {
    reasons.push(`${label}应为${integer ? '正整数' : '非负数字'}：${text}`);
    return null;
  }
  return n;
}

const CODE = /^[A-Za-z0-9_.-]{1,64}$/;

/** Imports every row or none (one transaction); a refusal lists each bad row's number and reasons. */
export async function importProducts(db: Kysely<DB>, buffer: Buffer, who: Operator, dryRun = false): Promise<ImportResult> {
  const rows = await readSheet(buffer, PRODUCT_IMPORT_COLUMNS);
  const [materials, warehouses, owners] = await repo.importCodes(db, [...new Set(rows.map((r) => r.values.ownerCode.toLowerCase()).filter(Boolean))]);
  // Codes are unique regardless of letter case, so a sheet may write them in either.
  const materialId = new Map(materials.map((m) => [m.code.toLowerCase(), m.id]));
  const warehouseId = new Map(warehouses.map((w) => [w.warehouse_code.toLowerCase(), w.id]));
  const ownerId = new Map(owners.map((o) => [o.enterprise_code.toLowerCase(), o.id]));

  const parsed = rows.map(({ row, values: v }) => {
    const reasons: string[] = [];
    if (!v.code) reasons.push('气瓶编码不能为空');
    else if (!CODE.test(v.code)) reasons.push(`气瓶编码格式不正确（只能用字母、数字和 _ . -）：${v.code}`);
    const mId = materialId.get(v.materialCode.toLowerCase());
    if (!v.materialCode) reasons.push('介质编码不能为空');
    else if (!mId) reasons.push(`介质编码不存在：${v.materialCode}`);
    const ownerType = v.ownerTypeName === '' || v.ownerTypeName === '自有' ? 1 : v.ownerTypeName === '客户' ? 2 : 0;
    if (!ownerType) reasons.push(`产权只能是自有或客户：${v.ownerTypeName}`);
    const oId = v.ownerCode ? ownerId.get(v.ownerCode.toLowerCase()) : undefined;
    if (v.ownerCode && !oId) reasons.push(`产权客户编码不存在：${v.ownerCode}`);
    const wId = v.warehouseCode ? warehouseId.get(v.warehouseCode.toLowerCase()) : undefined;
    if (v.warehouseCode && !wId) reasons.push(`仓库编码不存在：${v.warehouseCode}`);
    const fields: CylinderFields = {
      steelStamp: v.steelStamp, materialId: mId ?? 0, ownerType: ownerType === 2 ? 2 : 1, ownerEnterpriseId: oId ?? null,
      manufacturer: v.manufacturer, manufactureDate: normalizeDate(v.manufactureDate), specification: v.specification,
      waterVolume: numberOf(v.waterVolume, '水容积(L)', reasons), tareWeight: numberOf(v.tareWeight, '皮重(kg)', reasons),
      workingPressure: numberOf(v.workingPressure, '公称工作压力(MPa)', reasons),
      designLifeYears: numberOf(v.designLifeYears, '设计使用年限(年)', reasons, true) ?? undefined,
      lastInspectionDate: normalizeDate(v.lastInspectionDate), nextInspectionDate: normalizeDate(v.nextInspectionDate),
      warehouseId: wId ?? null, valveNo: v.valveNo, remark: v.remark,
    };
    return { row, code: v.code, fields, reasons };
  });

  const lookups = await loadLookups(db, {
    materialIds: [...materialId.values()], enterpriseIds: [...ownerId.values()], warehouseIds: [...warehouseId.values()],
  });
  const seen = new Map<string, number>();
  const checked = parsed.map((p) => {
    const { values, reasons } = checkCylinder(p.fields, lookups);
    // Field names of the form are replaced by the sheet's headers where the sheet already said it better.
    const extra = reasons.filter((r) => !(r.startsWith('介质不存在') || r.startsWith('产权单位不存在')));
    const all = [...p.reasons, ...extra];
    const key = p.code.toLowerCase();
    if (p.code && seen.has(key)) all.push(`气瓶编码与第 ${seen.get(key)} 行重复：${p.code}`);
    else if (p.code) seen.set(key, p.row);
    return { row: p.row, code: p.code, values, reasons: all };
  });

  return mapUniqueViolation(() => runImport(db, dryRun, async (trx) => {
    const taken = new Map((await repo.existingCodes(trx, [...seen.keys()])).map((code) => [code.toLowerCase(), code]));
    const errors: ImportRowError[] = [];
    for (const c of checked) {
      const existing = taken.get(c.code.toLowerCase());
      if (existing) c.reasons.push(`气瓶编码已存在：${existing}`);
      if (c.reasons.length) errors.push({ row: c.row, reasons: c.reasons });
    }
    if (errors.length) throw new BusinessError(importReport(rows.length, errors));
    const inserted = await repo.insertCylinders(trx, checked.map((c) => ({ ...c.values, code: c.code })));
    await appendTraces(trx, inserted.map((r, i) => ({
      cylinderId: r.id, fromStatus: null, toStatus: 2, action: 'import', ...who, detail: { warehouseId: checked[i]!.values.warehouse_id },
    })));
    return inserted.length;
  }), { cylinders_code_key: (code) => duplicateCodes([code]), cylinders_code_ci: (code) => duplicateCodes([code]) });
}
