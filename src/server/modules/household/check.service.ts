import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CheckItemSaveBody, CheckSaveBody, CheckSaveResult, DeliverBody, DeliverResult, RectifyBody } from '@shared/api/household';
import { householdRefusal, type HouseholdDeliveryRules } from '@shared/household/delivery';
import { maskName } from '@shared/personal';
import type { DB } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { decodeImage, imageType } from '../../lib/data-url';
import { BusinessError } from '../../lib/errors';
import { storableText } from '../../lib/jsonb';
import { blankToNull } from '../../lib/paging';
import { householdDeliver, type Actor } from '../cylinder';
import * as repo from './check.repository';
import { lockUser } from './household.repository';

/**
 * 入户安检 and 配送到户: a check against the checklist opens a hazard per item found wanting; a hazard stays open until
 * rectified; a delivery is refused while the user has an open major hazard (系统规则 householdRefuseMajorHazard) or no
 * safety check within householdCheckMaxDays days, and otherwise written with the cylinder's trace event in one
 * transaction (the cylinder module writes the event).
 */

type Db = Kysely<DB>;
type Who = Actor & { operatorId: number; operator: string };

/* ---------------------------------------------------------------- the checklist */

export const listItems = repo.listItems;

export async function saveItem(db: Db, body: CheckItemSaveBody): Promise<number> {
  const name = body.name.trim();
  if (!name) throw new BusinessError('参数错误：检查项不能为空');
  const values = { name, name_en: blankToNull(body.nameEn), level: body.level, sort: body.sort, status: body.status };
  return inTransaction(db, async (trx) => {
    const same = await repo.itemNamed(trx, name);
    if (same && same.id !== body.id) throw new BusinessError(`检查项已存在：${name}`);
    if (body.id === undefined) return repo.insertItem(trx, values);
    if (!(await repo.updateItem(trx, body.id, values))) throw new BusinessError(`检查项不存在：${body.id}`);
    return body.id;
  });
}

/* ---------------------------------------------------------------- checks */

/**
 * Records a safety check once per checkId (a retry answers the first). Every enabled item must be judged, each once;
 * an item found wanting opens a hazard at the item's level unless the checker gave another.
 */
export async function saveCheck(db: Db, body: CheckSaveBody, who: Who): Promise<CheckSaveResult> {
  const checkId = body.checkId.toLowerCase();
  const earlier = await repo.checkByDeviceId(db, checkId);
  if (earlier) return answerOfEarlier(earlier, body.householdId);
  const items = await repo.listItems(db);
  const byId = new Map(items.map((i) => [i.id, i]));
  const seen = new Set<number>();
  const results = body.results.map((r) => {
    const item = byId.get(r.itemId);
    if (!item) throw new BusinessError(`检查项不存在：${r.itemId}`);
    if (seen.has(r.itemId)) throw new BusinessError(`检查项「${item.name}」重复`);
    seen.add(r.itemId);
    return { itemId: item.id, itemName: item.name, ok: r.ok, level: r.ok ? null : (r.level ?? item.level), note: blankToNull(storableText(r.note ?? '')) };
  });
  const missing = items.filter((i) => i.status === 1 && !seen.has(i.id)).map((i) => i.name);
  if (missing.length) throw new BusinessError(`以下检查项未检查：${missing.join('、')}`);
  const signature = decodeImage(body.signature, '用户签名');
  if (signature.type !== 'image/png') throw new BusinessError('用户签名须为 PNG 图片');
  const photos = body.photos.map((p, i) => decodeImage(p, `第 ${i + 1} 张照片`).bytes);
  return inTransaction(db, async (trx) => {
    const user = await lockUser(trx, body.householdId);
    if (!user) throw new BusinessError(`液化气用户不存在：${body.householdId}`);
    // Two sends of the same check at once: the second waits on the user's lock and finds the first.
    const again = await repo.checkByDeviceId(trx, checkId);
    if (again) return answerOfEarlier(again, body.householdId);
    const made = await repo.insertCheck(trx, {
      checkId, householdId: user.id, by: who, signature: signature.bytes, remark: blankToNull(storableText(body.remark ?? '')), results, photos,
    });
    return { ...made, repeated: false };
  });
}

function answerOfEarlier(c: { id: number; householdId: number; hazards: number; major: number }, householdId: number): CheckSaveResult {
  if (c.householdId !== householdId) throw new BusinessError('该安检编号已用于另一用户的安检，请重新开始安检');
  return { id: c.id, hazards: c.hazards, major: c.major, repeated: true };
}

export const pageChecks = repo.pageChecks;
export const pageHazards = repo.pageHazards;

/** 整改: an open hazard closed with a note and (optionally) a photo; a rectified one is refused naming who did it. */
export async function rectify(db: Db, body: RectifyBody, who: Who): Promise<void> {
  const note = storableText(body.note.trim());
  if (!note) throw new BusinessError('参数错误：整改说明不能为空');
  const photo = body.photo ? decodeImage(body.photo, '整改照片').bytes : null;
  await inTransaction(db, async (trx) => {
    const h = await repo.lockHazard(trx, body.id);
    if (!h) throw new BusinessError(`隐患不存在：${body.id}`);
    if (h.status !== 0) throw new BusinessError(`隐患「${h.itemName}」已由 ${h.rectifiedBy ?? '—'} 整改`);
    await repo.rectifyHazard(trx, h.id, who, note, photo);
  });
}

export async function image(db: Db, id: number, kind: string): Promise<{ bytes: Buffer; type: string }> {
  const bytes = await repo.imageOf(db, id, kind);
  if (!bytes) throw new BusinessError('图片不存在');
  return { bytes, type: imageType(bytes) };
}

/* ---------------------------------------------------------------- deliveries */

/**
 * 配送到户, once per scanId. The user is locked first (a check or a rectification of theirs waits), then the rule is
 * judged as of the delivery's time (shared/household/delivery.ts: enabled, no open major hazard when the rules say so,
 * a safety check within the allowed days) — a delivery the field app kept offline at its station time (X-Station-At),
 * and refused on replay, is recorded as a 待处理异常 by the errors plugin; then the cylinder module checks the cylinder
 * is at the user's serving station and writes its event; then the delivery row, at the same time.
 */
export async function deliver(db: Db, rulesOf: () => Promise<HouseholdDeliveryRules>, body: DeliverBody, who: Who): Promise<DeliverResult> {
  const rules = await rulesOf();
  const scanId = (body.scanId ?? randomUUID()).toLowerCase();
  const code = body.code.trim();
  const at = who.stationAt ? new Date(who.stationAt) : null;
  return inTransaction(db, async (trx) => {
    const user = await lockUser(trx, body.householdId);
    if (!user) throw new BusinessError(`液化气用户不存在：${body.householdId}`);
    const earlier = await repo.deliveryByScan(trx, scanId);
    if (earlier) {
      if (earlier.householdId !== user.id) throw new BusinessError('该扫描编号已用于另一次配送');
      // The same scan sent again (a retry, or a kept delivery replayed after its first send got through): the first
      // answer, as the stations' scans are answered; not a second act, and nothing for a supervisor to look at.
      return { id: earlier.id, code: earlier.code, deliveredAt: earlier.deliveredAt, repeated: false, message: `气瓶 ${earlier.code} 已配送给 ${maskName(user.name)}` };
    }
    const shown = maskName(user.name);
    const facts = await repo.deliveryFacts(trx, user.id, at);
    const refusal = householdRefusal({
      nameMasked: shown, status: user.status, openMajor: facts.majorItems.length, majorItems: facts.majorItems, lastCheckDay: facts.lastCheckDay,
    }, rules, facts.day);
    if (refusal) throw new BusinessError(refusal);
    const done = await householdDeliver(trx, code, { householdId: user.id, userMasked: shown, customerId: user.customerId, customerName: user.customerName }, who);
    const row = await repo.insertDelivery(trx, {
      householdId: user.id, cylinderId: done.cylinderId, code: done.code, customerId: user.customerId, traceId: done.traceId, scanId, by: who, at,
    });
    return { id: row.id, code: done.code, deliveredAt: row.deliveredAt, repeated: false, message: `气瓶 ${done.code} 已配送给 ${shown}` };
  });
}

export const pageDeliveries = repo.pageDeliveries;
