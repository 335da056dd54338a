import type { Kysely } from 'kysely';
import type { EnterpriseFilters, EnterprisePageQuery, EnterpriseSaveBody } from '@shared/api/enterprise';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../lib/errors';
import { mapUniqueViolation } from '../master/db-errors';
import { sortColumn } from '../master/paging';
import * as repo from './enterprise.repository';
import { checkEnterprise } from './enterprise.rules';

export const pageEnterprises = (db: Kysely<DB>, q: EnterprisePageQuery) =>
  repo.pageEnterprises(db, q, sortColumn(repo.ENTERPRISE_SORTS, q.sidx, 'id'));

/** The report list (no paging) stops at this many rows; exports use the same cap. */
export const REPORT_CAP = 50_000;
export const reportList = (db: Kysely<DB>, q: EnterpriseFilters) => repo.listEnterprises(db, q, REPORT_CAP);

export const options = (db: Kysely<DB>, type?: string, name?: string) => repo.enterpriseOptions(db, type || undefined, name, 1000);

export async function getEnterprise(db: Kysely<DB>, id: number) {
  const row = await repo.findEnterprise(db, id);
  if (!row) throw new BusinessError(`企业不存在：${id}`);
  return row;
}

export const duplicateCode = (code: string) => `企业编码 enterpriseCode 已存在：${code}`;

export async function saveEnterprise(db: Kysely<DB>, body: EnterpriseSaveBody): Promise<number> {
  const { values, reasons } = checkEnterprise(body);
  if (reasons.length) throw new BusinessError(`参数错误：${reasons[0]}`);
  return mapUniqueViolation(() => db.transaction().execute(async (trx) => {
    const owner = (await repo.codeOwners(trx, [values.enterprise_code])).get(values.enterprise_code);
    if (owner !== undefined && owner !== body.id) throw new BusinessError(duplicateCode(values.enterprise_code));
    if (body.id === undefined) return (await repo.insertEnterprises(trx, [values]))[0]!;
    const current = await repo.findEnterprise(trx, body.id);
    if (!current) throw new BusinessError(`企业不存在：${body.id}`);
    // A customer's cylinders would otherwise belong to a supplier.
    if (current.type !== body.type && (await repo.cylindersLinked(trx, body.id)) > 0) {
      throw new BusinessError(`企业 ${current.enterpriseName} 已关联气瓶，不能修改类型`);
    }
    await repo.updateEnterprise(trx, body.id, values);
    return body.id;
  }), { enterprises_enterprise_code_key: duplicateCode });
}

export async function deleteEnterprise(db: Kysely<DB>, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const current = await repo.findEnterprise(trx, id);
    if (!current) throw new BusinessError(`企业不存在：${id}`);
    const linked = await repo.cylindersLinked(trx, id);
    if (linked > 0) throw new BusinessError(`企业 ${current.enterpriseName} 关联 ${linked} 个气瓶，不能删除`);
    await repo.deleteEnterprise(trx, id);
  });
}
