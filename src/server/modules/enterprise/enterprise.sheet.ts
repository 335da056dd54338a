import type { Kysely } from 'kysely';
import type { EnterpriseRow } from '@shared/api/enterprise';
import type { ImportResult, ImportRowError } from '@shared/api/schema';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../lib/errors';
import type { SheetColumn } from '../../lib/xlsx/columns';
import { readSheet } from '../../lib/xlsx/read';
import { areaByNames } from '../area';
import { mapUniqueViolation } from '../../lib/db-errors';
import { importReport, runImport } from '../../lib/import-report';
import * as repo from './enterprise.repository';
import { checkEnterprise } from './enterprise.rules';
import { duplicateCode, duplicateName } from './enterprise.service';

type Key = 'enterpriseName' | 'enterpriseCode' | 'typeName' | 'creditCode' | 'contact' | 'phone' | 'provinceName'
  | 'cityName' | 'districtName' | 'address' | 'remark';

/** Import template columns = export columns, so an export can be edited and imported again. */
export const ENTERPRISE_COLUMNS: SheetColumn<Key>[] = [
  { header: '企业名称', key: 'enterpriseName', width: 30, maxLength: 128, note: '必填，最多 128 个字符' },
  { header: '企业编码', key: 'enterpriseCode', width: 16, maxLength: 32, note: '必填且唯一：字母、数字、_ . -' },
  { header: '类型', key: 'typeName', width: 10, maxLength: 64, note: '客户 或 供应商' },
  { header: '统一社会信用代码', key: 'creditCode', width: 22, maxLength: 64, note: '可空；18 位' },
  { header: '联系人', key: 'contact', width: 12, maxLength: 64 },
  { header: '电话', key: 'phone', width: 16, maxLength: 64 },
  { header: '省', key: 'provinceName', width: 12, maxLength: 64, note: '行政区划全称，如 北京市、河北省' },
  { header: '市', key: 'cityName', width: 12, maxLength: 64, note: '如 石家庄市（直辖市填省名，如 北京市）' },
  { header: '区', key: 'districtName', width: 12, maxLength: 64, note: '如 长安区' },
  { header: '详细地址', key: 'address', width: 30, maxLength: 255 },
  { header: '备注', key: 'remark', width: 20, maxLength: 255 },
];

/** The template's example row (its first cell marks it: rows so marked are never imported). */
export const ENTERPRISE_EXAMPLE = {
  enterpriseName: '示例：某某气体用户有限公司', enterpriseCode: 'KH0001', typeName: '客户', creditCode: '91110105MA01ABCD2X',
  contact: '张三', phone: '010-88886666', provinceName: '北京市', cityName: '北京市', districtName: '朝阳区',
  address: '建国路 1 号', remark: '',
};

const TYPES: Record<string, string> = { 客户: '2', 供应商: '1' };

export function exportRow(e: EnterpriseRow): Record<Key, string> {
  return {
    enterpriseName: e.enterpriseName, enterpriseCode: e.enterpriseCode, typeName: e.type === '2' ? '客户' : '供应商',
    creditCode: e.creditCode ?? '', contact: e.contact ?? '', phone: e.phone ?? '', provinceName: e.provinceName ?? '',
    cityName: e.cityName ?? '', districtName: e.districtName ?? '', address: e.address ?? '', remark: e.remark ?? '',
  };
}

/**
 * Imports every row or none: all rows are checked (fields, area names, codes and names unique in the file
 * and in the database); any refusal answers -1 with each bad row's number and reasons and writes nothing.
 */
export async function importEnterprises(db: Kysely<DB>, buffer: Buffer, dryRun = false): Promise<ImportResult> {
  const rows = await readSheet(buffer, ENTERPRISE_COLUMNS);
  const checked = rows.map(({ row, values: v }) => {
    const area = areaByNames(v.provinceName || undefined, v.cityName || undefined, v.districtName || undefined);
    const type = TYPES[v.typeName];
    const { values, reasons } = checkEnterprise({
      ...v, type: type ?? '2', provinceCode: area.codes[0], cityCode: area.codes[1], districtCode: area.codes[2],
    });
    if (!type) reasons.unshift(`类型只能是客户或供应商：${v.typeName || '（空）'}`);
    if (area.error) reasons.push(area.error);
    return { row, values, reasons };
  });
  const codes = new Map<string, number>();
  const names = new Map<string, number>();
  for (const c of checked) {
    const code = c.values.enterprise_code.toLowerCase();
    const name = `${c.values.type}:${c.values.enterprise_name.toLowerCase()}`;
    if (code && codes.has(code)) c.reasons.push(`企业编码与第 ${codes.get(code)} 行重复：${c.values.enterprise_code}`);
    else if (code) codes.set(code, c.row);
    if (c.values.enterprise_name && names.has(name)) c.reasons.push(`企业名称与第 ${names.get(name)} 行重复：${c.values.enterprise_name}`);
    else if (c.values.enterprise_name) names.set(name, c.row);
  }
  return mapUniqueViolation(() => runImport(db, dryRun, async (trx) => {
    const existing = await repo.codeOwners(trx, checked.map((c) => c.values.enterprise_code));
    const namesakes = new Map<number, Map<string, number>>();
    for (const type of [1, 2]) {
      namesakes.set(type, await repo.nameOwners(trx, type, checked.filter((c) => c.values.type === type).map((c) => c.values.enterprise_name)));
    }
    const errors: ImportRowError[] = [];
    for (const c of checked) {
      const taken = existing.get(c.values.enterprise_code.toLowerCase());
      if (taken) c.reasons.push(duplicateCode(taken.code));
      if (namesakes.get(c.values.type)?.has(c.values.enterprise_name.toLowerCase())) c.reasons.push(duplicateName(c.values.enterprise_name, c.values.type));
      if (c.reasons.length) errors.push({ row: c.row, reasons: c.reasons });
    }
    if (errors.length) throw new BusinessError(importReport(rows.length, errors));
    await repo.insertEnterprises(trx, checked.map((c) => c.values));
    return checked.length;
  }), { enterprises_enterprise_code_key: duplicateCode, enterprises_code_ci: duplicateCode });
}
