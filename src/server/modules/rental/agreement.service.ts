import type { Kysely } from 'kysely';
import type { AgreementSaveBody, AgreementVersionBody } from '@shared/api/rental';
import type { DB } from '../../db/schema';
import { mapUniqueViolation } from '../../lib/db-errors';
import { BusinessError } from '../../lib/errors';
import * as repo from './agreement.repository';
import { customerName, lastIssuedMonth } from './statement.repository';

type Db = Kysely<DB>;

export async function saveAgreement(db: Db, body: AgreementSaveBody): Promise<number> {
  if (body.customerId !== null) {
    const c = await customerName(db, body.customerId);
    if (!c || c.type !== 2) throw new BusinessError(`客户不存在：${body.customerId}`);
  }
  return mapUniqueViolation(async () => {
    if (body.id === undefined) return repo.insertAgreement(db, body);
    if (!(await repo.updateAgreement(db, body.id, body))) throw new BusinessError(`租赁协议不存在：${body.id}`);
    return body.id;
  }, {
    rental_agreements_default_key: () => '默认协议已存在，一个工厂只有一个默认协议',
    rental_agreements_customer_key: () => '该客户已有租赁协议：请在其协议中新增版本',
  });
}

/**
 * 新增版本: versions are never edited; a new one takes effect from its date, which must lie after every month already
 * issued to a customer it charges (an issued statement is never recomputed, so a version may not claim its days).
 */
export async function saveVersion(db: Db, body: AgreementVersionBody, by: string): Promise<number> {
  const agreement = await repo.agreementCustomer(db, body.agreementId);
  if (!agreement) throw new BusinessError(`租赁协议不存在：${body.agreementId}`);
  const issued = await lastIssuedMonth(db, agreement.customerId);
  if (issued && body.validFrom.slice(0, 7) <= issued) {
    throw new BusinessError(`生效日期须晚于已出具对账单的月份（${issued}）：已出具的对账单不能更改`);
  }
  return mapUniqueViolation(() => repo.insertVersion(db, body, by), {
    rental_agreement_versions_agreement_id_valid_from_key: () => `该协议已有 ${body.validFrom} 生效的版本`,
  });
}
