import { CREDIT_CODE_PATTERN } from '@shared/api/enterprise';
import { findArea } from '../area';
import type { EnterpriseValues } from './enterprise.repository';

/** One enterprise as given by the save form or a spreadsheet row (strings as typed). */
export interface EnterpriseInput {
  type: string;
  enterpriseName: string;
  enterpriseCode: string;
  creditCode?: string | null;
  contact?: string | null;
  phone?: string | null;
  provinceCode?: string | null;
  cityCode?: string | null;
  districtCode?: string | null;
  address?: string | null;
  remark?: string | null;
}

const text = (v: string | null | undefined) => (v ?? '').trim();
const orNull = (v: string | null | undefined) => text(v) || null;

function lengthReason(label: string, value: string, max: number): string | undefined {
  return value.length > max ? `${label}长度不能超过 ${max} 个字符` : undefined;
}

/**
 * Every reason the input is refused (empty when it is valid) and the row to write. Area codes must be
 * GB/T 2260 divisions nested as chosen (district in city in province); their names are stored beside.
 */
export function checkEnterprise(input: EnterpriseInput): { values: EnterpriseValues; reasons: string[] } {
  const reasons: string[] = [];
  const name = text(input.enterpriseName);
  const code = text(input.enterpriseCode);
  if (input.type !== '1' && input.type !== '2') reasons.push('类型只能是供应商或客户');
  if (!name) reasons.push('企业名称不能为空');
  if (!code) reasons.push('企业编码不能为空');
  else if (!/^[A-Za-z0-9_.-]+$/.test(code)) reasons.push(`企业编码格式不正确（只能用字母、数字和 _ . -）：${code}`);
  const credit = text(input.creditCode).toUpperCase();
  if (credit && !new RegExp(CREDIT_CODE_PATTERN).test(credit)) reasons.push(`统一社会信用代码格式不正确：${credit}`);
  const phone = text(input.phone);
  if (phone && !/^[0-9+\-() ]{3,32}$/.test(phone)) reasons.push(`电话格式不正确：${phone}`);
  for (const r of [
    lengthReason('企业名称', name, 128), lengthReason('企业编码', code, 32),
    lengthReason('联系人', text(input.contact), 64), lengthReason('详细地址', text(input.address), 255),
    lengthReason('备注', text(input.remark), 255),
  ]) if (r) reasons.push(r);

  const [province, city, district] = [orNull(input.provinceCode), orNull(input.cityCode), orNull(input.districtCode)];
  const p = province ? findArea(province) : undefined;
  const c = city ? findArea(city) : undefined;
  const d = district ? findArea(district) : undefined;
  if (province && (!p || p.parent)) reasons.push(`省不存在：${province}`);
  if (city && (!c || c.parent !== province)) reasons.push(`市不属于所选省份：${city}`);
  if (district && (!d || d.parent !== city)) reasons.push(`区不属于所选城市：${district}`);

  return {
    reasons,
    values: {
      type: Number(input.type),
      enterprise_name: name,
      enterprise_code: code,
      credit_code: credit || null,
      contact: orNull(input.contact),
      phone: phone || null,
      province_code: province,
      province_name: p?.node.name ?? null,
      city_code: city,
      city_name: c?.node.name ?? null,
      district_code: district,
      district_name: d?.node.name ?? null,
      address: orNull(input.address),
      remark: orNull(input.remark),
    },
  };
}
