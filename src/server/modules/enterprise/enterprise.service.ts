import type { Kysely } from 'kysely';
import { ENTERPRISE_REPORT_CAP, type EnterpriseFilters, type EnterprisePageQuery, type EnterpriseSaveBody } from '@shared/api/enterprise';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../lib/errors';
import { mapUniqueViolation } from '../../lib/db-errors';
import * as repo from './enterprise.repository';
import { checkEnterprise } from './enterprise.rules';
import { inTransaction } from '../../db/transaction';

export const pageEnterprises = (db: Kysely<DB>, q: EnterprisePageQuery) => repo.pageEnterprises(db, q);

/** The report list (no paging) and the export, up to ENTERPRISE_REPORT_CAP rows. */
export const reportList = (db: Kysely<DB>, q: EnterpriseFilters) => repo.listEnterprises(db, q, ENTERPRISE_REPORT_CAP);

export const options = (db: Kysely<DB>, type?: string, name?: string) => repo.enterpriseOptions(db, type || undefined, name, 1000);

export async function getEnterprise(db: Kysely<DB>, id: number) {
  const row = await repo.findEnterprise(db, id);
  if (!row) throw new BusinessError(`企业不存在：${id}`);
  return row;
}

export const duplicateCode = (code: string) => `企业编码已存在：${code}`;
export const duplicateName = (name: string, type: number) => `已有同名${type === 2 ? '客户' : '供应商'}：${name}`;

export async function saveEnterprise(db: Kysely<DB>, body: EnterpriseSaveBody): Promise<number> {
  const { values, reasons } = checkEnterprise(body);
  if (reasons.length) throw new BusinessError(`参数错误：${reasons[0]}`);
  return mapUniqueViolation(() => inTransaction(db, async (trx) => {
    const owner = (await repo.codeOwners(trx, [values.enterprise_code])).get(values.enterprise_code.toLowerCase());
    if (owner && owner.id !== body.id) throw new BusinessError(duplicateCode(owner.code));
    // Two customers of one name could not be told apart in a dropdown.
    const namesake = (await repo.nameOwners(trx, values.type, [values.enterprise_name])).get(values.enterprise_name.toLowerCase());
    if (namesake !== undefined && namesake !== body.id) throw new BusinessError(duplicateName(values.enterprise_name, values.type));
    if (body.id === undefined) return (await repo.insertEnterprises(trx, [values]))[0]!;
    const current = await repo.findEnterprise(trx, body.id);
    if (!current) throw new BusinessError(`企业不存在：${body.id}`);
    // A customer's cylinders would otherwise belong to a supplier.
    if (current.type !== body.type && (await repo.cylindersLinked(trx, body.id)) > 0) {
      throw new BusinessError(`企业 ${current.enterpriseName} 已关联气瓶，不能修改类型`);
    }
    await repo.updateEnterprise(trx, body.id, values);
    return body.id;
  }), { enterprises_enterprise_code_key: duplicateCode, enterprises_code_ci: duplicateCode });
}

export async function deleteEnterprise(db: Kysely<DB>, id: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    const current = await repo.findEnterprise(trx, id);
    if (!current) throw new BusinessError(`企业不存在：${id}`);
    const linked = await repo.cylindersLinked(trx, id);
    if (linked > 0) throw new BusinessError(`企业 ${current.enterpriseName} 关联 ${linked} 个气瓶，不能删除`);
    await repo.deleteEnterprise(trx, id);
  });
}
