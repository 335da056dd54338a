import type { Kysely } from 'kysely';
import type { PageResult } from '@shared/api/schema';
import {
  HOUSEHOLD_STATIONS_MAX, type HouseholdCopyPage, type HouseholdCopyQuery, type HouseholdInfo, type HouseholdPageQuery, type HouseholdRow,
  type HouseholdSaveBody, type HouseholdStation, type RevealResult,
} from '@shared/api/household';
import type { HouseholdDeliveryRules } from '@shared/household/delivery';
import { maskName, maskPhone } from '@shared/personal';
import type { DB } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { BusinessError } from '../../lib/errors';
import type { FieldCipher } from '../../lib/field-cipher';
import { idNumberToStore, maskedIdNumber, openIdNumber } from '../../lib/id-number';
import { blankToNull } from '../../lib/paging';
import * as repo from './household.repository';

/**
 * 液化气用户: the register of household users. Every answer masks name, phone and ID number, except the edit form's
 * (household:save: name, phone in full; the ID number still masked) and 查看身份证号 (household:reveal), which writes
 * who looked at whose number in the same transaction as it reads it: no reveal without its record.
 */

type Db = Kysely<DB>;
type Who = { operatorId: number; operator: string };

const toRow = (cipher: FieldCipher, { name, phone, idNoEnc, ...row }: repo.UserStored): HouseholdRow => ({
  ...row, nameMasked: maskName(name), phoneMasked: maskPhone(phone), idNoMasked: maskedIdNumber(cipher, idNoEnc),
});

export async function pageUsers(db: Db, cipher: FieldCipher, q: HouseholdPageQuery): Promise<PageResult<HouseholdRow>> {
  const page = await repo.pageUsers(db, q);
  return { total: page.total, list: page.list.map((r) => toRow(cipher, r)) };
}

async function userOf(db: Db, id: number): Promise<repo.UserStored> {
  const row = await repo.findUser(db, id);
  if (!row) throw new BusinessError(`液化气用户不存在：${id}`);
  return row;
}

export const brief = async (db: Db, cipher: FieldCipher, id: number): Promise<HouseholdRow> => toRow(cipher, await userOf(db, id));

export async function info(db: Db, cipher: FieldCipher, id: number): Promise<HouseholdInfo> {
  const u = await userOf(db, id);
  return {
    id: u.id, kind: u.kind, name: u.name, phone: u.phone, address: u.address, idNoMasked: maskedIdNumber(cipher, u.idNoEnc),
    customerId: u.customerId, status: u.status, remark: u.remark,
  };
}

/** Creates or (with id) edits a user; the ID number is checked (check digit), stored encrypted, kept when left out. */
export async function saveUser(db: Db, cipher: FieldCipher, body: HouseholdSaveBody, by: Who): Promise<number> {
  const name = body.name.trim();
  const phone = body.phone.trim();
  const address = body.address.trim();
  if (!name) throw new BusinessError('参数错误：姓名不能为空');
  if (!phone) throw new BusinessError('参数错误：电话不能为空');
  if (!address) throw new BusinessError('参数错误：地址不能为空');
  if ((await repo.customerName(db, body.customerId)) === null) throw new BusinessError(`服务站（客户）不存在：${body.customerId}`);
  const idNo = idNumberToStore(cipher, body.idNo);
  const values: repo.UserValues = {
    kind: body.kind, name, phone, address, customer_id: body.customerId, status: body.status, remark: blankToNull(body.remark),
    ...(idNo !== undefined || body.id === undefined ? { id_no_enc: idNo ?? null } : {}),
  };
  return inTransaction(db, async (trx) => {
    if (body.id === undefined) return repo.insertUser(trx, values, by.operatorId);
    if (!(await repo.updateUser(trx, body.id, values))) throw new BusinessError(`液化气用户不存在：${body.id}`);
    return body.id;
  });
}

/**
 * 查看身份证号: the full number, once per call, after its record (who, whose, when, from where; never the number) is
 * written in the same transaction. The operation log also names the call and the user's id (its body is `{id}`).
 */
export async function reveal(db: Db, cipher: FieldCipher, id: number, by: Who, ip: string | null): Promise<RevealResult> {
  return inTransaction(db, async (trx) => {
    const row = await repo.storedIdNumber(trx, id);
    if (!row) throw new BusinessError(`液化气用户不存在：${id}`);
    if (!row.idNoEnc) return { idNo: null };
    const idNo = openIdNumber(cipher, row.idNoEnc);
    if (idNo === null) throw new BusinessError('该身份证号无法解密（数据加密密钥已更换），请重新录入');
    await repo.insertReveal(trx, id, by, ip);
    return { idNo };
  });
}

export const pageReveals = repo.pageReveals;

/** What the public page of a cylinder may show of its last household delivery: the day and the user masked. */
export async function lastHouseholdDelivery(db: Db, cylinderId: number): Promise<{ day: string; user: string } | null> {
  const row = await repo.lastDeliveryOf(db, cylinderId);
  return row ? { day: row.day, user: `${maskName(row.name)} ${maskPhone(row.phone)}` } : null;
}

/* ---------------------------------------------------------------- the field copy */

export const stations = (db: Db): Promise<HouseholdStation[]> => repo.servingStations(db, HOUSEHOLD_STATIONS_MAX);

/**
 * A page of a serving station's users as a field device keeps them to deliver offline (issue 37): masked as every list
 * answers them, without the ID number, with the facts and rules the delivery rule reads.
 */
export async function copy(db: Db, rules: HouseholdDeliveryRules, q: HouseholdCopyQuery): Promise<HouseholdCopyPage> {
  const size = q.size ?? 500;
  const rows = await repo.copyPage(db, q.customerId, q.after ?? 0, size + 1);
  return {
    list: rows.slice(0, size).map(({ name, phone, majorItems, ...r }) => ({
      ...r, nameMasked: maskName(name), phoneMasked: maskPhone(phone), openMajor: majorItems.length, majorItems,
    })),
    more: rows.length > size,
    rules: { householdRefuseMajorHazard: rules.householdRefuseMajorHazard, householdCheckMaxDays: rules.householdCheckMaxDays },
  };
}
