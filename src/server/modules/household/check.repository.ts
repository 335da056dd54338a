import { sql, type Kysely, type Transaction } from 'kysely';
import type { CheckItem, CheckPageQuery, CheckRow, DeliveryPageQuery, DeliveryRow, HazardPageQuery, HazardRow } from '@shared/api/household';
import type { PageResult } from '@shared/api/schema';
import { maskName } from '@shared/personal';
import type { DB } from '../../db/schema';
import { escapeLike, paginate } from '../../lib/paging';
import { ts, tsOrNull } from '../../lib/sql';

/** The statements of the checklist, the safety checks, their hazards and the deliveries (migration 0039). */

type Db = Kysely<DB>;

const masked = <R extends { name: string }>(rows: R[]) => rows.map(({ name, ...r }) => ({ ...r, nameMasked: maskName(name) }));

/* ---------------------------------------------------------------- the checklist */

export const listItems = (db: Db): Promise<CheckItem[]> =>
  db.selectFrom('household_check_items').select(['id', 'name', 'name_en as nameEn', 'level', 'sort', 'status']).orderBy('sort').orderBy('id').execute();

export const itemNamed = (db: Db, name: string) => db.selectFrom('household_check_items').select(['id', 'name']).where('name', '=', name).executeTakeFirst();

export async function insertItem(trx: Transaction<DB>, v: { name: string; name_en: string | null; level: string; sort: number; status: number }): Promise<number> {
  return (await trx.insertInto('household_check_items').values(v).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateItem(trx: Transaction<DB>, id: number, v: { name: string; name_en: string | null; level: string; sort: number; status: number }): Promise<boolean> {
  return Number((await trx.updateTable('household_check_items').set(v).where('id', '=', id).executeTakeFirst()).numUpdatedRows) > 0;
}

/* ---------------------------------------------------------------- checks */

export const checkByDeviceId = (db: Db, checkId: string) =>
  db.selectFrom('household_checks').select(['id', 'household_id as householdId', 'hazards', 'major']).where('check_id', '=', checkId).executeTakeFirst();

export interface CheckWrite {
  checkId: string;
  householdId: number;
  by: { operatorId: number; operator: string };
  signature: Buffer;
  remark: string | null;
  results: Array<{ itemId: number; itemName: string; ok: boolean; level: string | null; note: string | null }>;
  photos: Buffer[];
}

/** The check, its results, photos and the hazards it opens, in the caller's transaction. */
export async function insertCheck(trx: Transaction<DB>, w: CheckWrite): Promise<{ id: number; hazards: number; major: number }> {
  const hazards = w.results.filter((r) => !r.ok);
  const major = hazards.filter((r) => r.level === 'major').length;
  const head = await trx.insertInto('household_checks').values({
    check_id: w.checkId, household_id: w.householdId, checked_by_id: w.by.operatorId, checked_by: w.by.operator,
    signature: w.signature, hazards: hazards.length, major, remark: w.remark,
  }).returning(['id', 'checked_at']).executeTakeFirstOrThrow();
  await trx.insertInto('household_check_results').values(w.results.map((r) => ({
    check_id: head.id, item_id: r.itemId, item_name: r.itemName, ok: r.ok, level: r.ok ? null : r.level, note: r.note,
  }))).execute();
  if (w.photos.length) {
    await trx.insertInto('household_check_photos').values(w.photos.map((photo, i) => ({ check_id: head.id, seq: i + 1, photo }))).execute();
  }
  if (hazards.length) {
    await trx.insertInto('household_hazards').values(hazards.map((r) => ({
      household_id: w.householdId, check_id: head.id, item_id: r.itemId, item_name: r.itemName, level: r.level ?? 'minor', note: r.note, found_at: head.checked_at,
    }))).execute();
  }
  return { id: head.id, hazards: hazards.length, major };
}

export async function pageChecks(db: Db, q: CheckPageQuery): Promise<PageResult<CheckRow>> {
  let query = db.selectFrom('household_checks as k').innerJoin('household_users as u', 'u.id', 'k.household_id').select([
    'k.id', 'k.household_id as householdId', 'u.name', ts('k.checked_at').as('checkedAt'), 'k.checked_by as checkedBy', 'k.hazards', 'k.major', 'k.remark',
    sql<number>`(select count(*)::int from household_check_photos p where p.check_id = k.id)`.as('photos'),
    sql<CheckRow['results']>`(select coalesce(jsonb_agg(jsonb_build_object('itemName', r.item_name, 'ok', r.ok, 'level', r.level, 'note', r.note)
      order by r.item_id), '[]'::jsonb) from household_check_results r where r.check_id = k.id)`.as('results'),
  ]);
  if (q.householdId) query = query.where('k.household_id', '=', q.householdId);
  const page = await paginate(query, q, { sorts: { id: 'k.id' }, defaultSort: 'id', tieBreaker: 'k.id' });
  return { total: page.total, list: masked(page.list) };
}

/**
 * What a delivery asks of the user's checks as of `at` (a kept delivery's station time; null: now), in plant time: the
 * major hazards open then (found by then, not rectified by then), the day of the last check before it, and its day.
 */
export async function deliveryFacts(trx: Transaction<DB>, householdId: number, at: Date | null): Promise<{ majorItems: string[]; lastCheckDay: string | null; day: string }> {
  const when = sql`coalesce(${at}::timestamptz, now())`;
  const row = await sql<{ major_items: string[]; last_day: string | null; day: string }>`select
      (select coalesce(array_agg(h.item_name order by h.id), '{}') from household_hazards h where h.household_id = ${householdId}
        and h.level = 'major' and h.found_at <= ${when} and (h.status = 0 or h.rectified_at > ${when})) as major_items,
      (select to_char(max(k.checked_at), 'YYYY-MM-DD') from household_checks k where k.household_id = ${householdId} and k.checked_at <= ${when}) as last_day,
      to_char(${when}, 'YYYY-MM-DD') as day`.execute(trx);
  const r = row.rows[0]!;
  return { majorItems: r.major_items, lastCheckDay: r.last_day, day: r.day };
}

/* ---------------------------------------------------------------- hazards */

export async function pageHazards(db: Db, q: HazardPageQuery): Promise<PageResult<HazardRow>> {
  let query = db.selectFrom('household_hazards as h').innerJoin('household_users as u', 'u.id', 'h.household_id').select([
    'h.id', 'h.household_id as householdId', 'u.name', 'u.address', 'h.check_id as checkId', 'h.item_name as itemName', 'h.level', 'h.note',
    ts('h.found_at').as('foundAt'), 'h.status', tsOrNull('h.rectified_at').as('rectifiedAt'), 'h.rectified_by as rectifiedBy',
    'h.rectify_note as rectifyNote', sql<boolean>`h.rectify_photo is not null`.as('hasPhoto'),
  ]);
  if (q.householdId) query = query.where('h.household_id', '=', q.householdId);
  if (q.status !== undefined && q.status !== '') query = query.where('h.status', '=', q.status);
  if (q.level) query = query.where('h.level', '=', q.level);
  const page = await paginate(query, q, { sorts: { id: 'h.id' }, defaultSort: 'id', tieBreaker: 'h.id' });
  return { total: page.total, list: masked(page.list) };
}

export const lockHazard = (trx: Transaction<DB>, id: number) =>
  trx.selectFrom('household_hazards').select(['id', 'household_id as householdId', 'item_name as itemName', 'status', 'rectified_by as rectifiedBy'])
    .where('id', '=', id).forUpdate().executeTakeFirst();

export async function rectifyHazard(trx: Transaction<DB>, id: number, by: { operatorId: number; operator: string }, note: string, photo: Buffer | null): Promise<void> {
  await trx.updateTable('household_hazards').set({
    status: 1, rectified_at: sql`now()`, rectified_by_id: by.operatorId, rectified_by: by.operator, rectify_note: note, rectify_photo: photo,
  }).where('id', '=', id).execute();
}

/* ---------------------------------------------------------------- images */

export async function imageOf(db: Db, id: number, kind: string): Promise<Buffer | null> {
  if (kind === 'signature') return (await db.selectFrom('household_checks').select('signature').where('id', '=', id).executeTakeFirst())?.signature ?? null;
  if (kind === 'rectify') return (await db.selectFrom('household_hazards').select('rectify_photo').where('id', '=', id).executeTakeFirst())?.rectify_photo ?? null;
  const seq = Number(kind.slice(-1));
  return (await db.selectFrom('household_check_photos').select('photo').where('check_id', '=', id).where('seq', '=', seq).executeTakeFirst())?.photo ?? null;
}

/* ---------------------------------------------------------------- deliveries */

export const deliveryByScan = (trx: Transaction<DB>, scanId: string) =>
  trx.selectFrom('household_deliveries').select(['id', 'household_id as householdId', 'code', ts('delivered_at').as('deliveredAt')])
    .where('scan_id', '=', scanId).executeTakeFirst();

/** The delivery row; `at` a kept delivery's station time (null: now). */
export async function insertDelivery(trx: Transaction<DB>, v: {
  householdId: number; cylinderId: number; code: string; customerId: number; traceId: number; scanId: string; by: { operatorId: number; operator: string };
  at: Date | null;
}): Promise<{ id: number; deliveredAt: string }> {
  return trx.insertInto('household_deliveries').values({
    household_id: v.householdId, cylinder_id: v.cylinderId, code: v.code, customer_id: v.customerId, trace_id: v.traceId, scan_id: v.scanId,
    delivered_by_id: v.by.operatorId, delivered_by: v.by.operator, ...(v.at ? { delivered_at: v.at } : {}),
  }).returning(['id', ts('delivered_at').as('deliveredAt')]).executeTakeFirstOrThrow();
}

export async function pageDeliveries(db: Db, q: DeliveryPageQuery): Promise<PageResult<DeliveryRow>> {
  let query = db.selectFrom('household_deliveries as d').innerJoin('household_users as u', 'u.id', 'd.household_id')
    .innerJoin('enterprises as e', 'e.id', 'd.customer_id').select([
      'd.id', 'd.household_id as householdId', 'u.name', 'd.code', 'e.enterprise_name as customerName', ts('d.delivered_at').as('deliveredAt'),
      'd.delivered_by as deliveredBy',
    ]);
  if (q.householdId) query = query.where('d.household_id', '=', q.householdId);
  if (q.code?.trim()) query = query.where('d.code', 'like', `${escapeLike(q.code.trim())}%`);
  const page = await paginate(query, q, { sorts: { id: 'd.id' }, defaultSort: 'id', tieBreaker: 'd.id' });
  return { total: page.total, list: masked(page.list) };
}
