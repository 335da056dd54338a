import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { PageResult } from '@shared/api/schema';
import type { HouseholdPageQuery, RevealPageQuery, RevealRow } from '@shared/api/household';
import { maskName } from '@shared/personal';
import type { DB, HouseholdUsersTable } from '../../db/schema';
import { escapeLike, paginate } from '../../lib/paging';
import { ts } from '../../lib/sql';

/** The statements of the household users and the record of their ID numbers' reveals (migration 0039). */

type Db = Kysely<DB>;

export type UserValues = Omit<Insertable<HouseholdUsersTable>, 'id' | 'created_at' | 'updated_at' | 'id_no_enc' | 'created_by'> & {
  status: number;
  /** Undefined: kept as it is. */
  id_no_enc?: string | null;
};

/** A user's rows as lists read them (still in plain text and encrypted: the service masks). */
function userRows(db: Db) {
  return db.selectFrom('household_users as u').innerJoin('enterprises as e', 'e.id', 'u.customer_id').select([
    'u.id', 'u.kind', 'u.name', 'u.phone', 'u.id_no_enc as idNoEnc', 'u.address', 'u.customer_id as customerId',
    'e.enterprise_name as customerName', 'u.status', 'u.remark', ts('u.created_at').as('createdAt'),
    sql<number>`(select count(*)::int from household_hazards h where h.household_id = u.id and h.status = 0)`.as('openHazards'),
    sql<number>`(select count(*)::int from household_hazards h where h.household_id = u.id and h.status = 0 and h.level = 'major')`.as('openMajor'),
    sql<string | null>`(select to_char(max(k.checked_at), 'YYYY-MM-DD HH24:MI:SS') from household_checks k where k.household_id = u.id)`.as('lastCheckAt'),
  ]);
}
export type UserStored = Awaited<ReturnType<ReturnType<typeof userRows>['execute']>>[number];

export function pageUsers(db: Db, q: HouseholdPageQuery): Promise<PageResult<UserStored>> {
  let query = userRows(db);
  // Prefix searches (household_users_name_idx, _phone_idx: varchar_pattern_ops).
  if (q.name?.trim()) query = query.where('u.name', 'like', `${escapeLike(q.name.trim())}%`);
  if (q.phone?.trim()) query = query.where('u.phone', 'like', `${escapeLike(q.phone.trim())}%`);
  if (q.customerId) query = query.where('u.customer_id', '=', q.customerId);
  if (q.kind) query = query.where('u.kind', '=', q.kind);
  if (q.status !== undefined) query = query.where('u.status', '=', q.status);
  if (q.hazard === 1) query = query.where(sql<boolean>`exists (select 1 from household_hazards h where h.household_id = u.id and h.status = 0)`);
  return paginate(query, q, { sorts: { id: 'u.id' }, defaultSort: 'id', tieBreaker: 'u.id' });
}

export const findUser = (db: Db, id: number) => userRows(db).where('u.id', '=', id).executeTakeFirst();

/** The user row locked for a check or a delivery: they see each other's hazards and checks one at a time. */
export function lockUser(trx: Transaction<DB>, id: number) {
  return trx.selectFrom('household_users as u').innerJoin('enterprises as e', 'e.id', 'u.customer_id')
    .select(['u.id', 'u.name', 'u.status', 'u.customer_id as customerId', 'e.enterprise_name as customerName'])
    .where('u.id', '=', id).forUpdate('u').executeTakeFirst();
}

export async function insertUser(trx: Transaction<DB>, values: UserValues, by: number): Promise<number> {
  return (await trx.insertInto('household_users').values({ ...values, id_no_enc: values.id_no_enc ?? null, created_by: by })
    .returning('id').executeTakeFirstOrThrow()).id;
}

/** False when there is no such user. */
export async function updateUser(trx: Transaction<DB>, id: number, values: UserValues): Promise<boolean> {
  const done = await trx.updateTable('household_users').set({ ...values, updated_at: sql`now()` }).where('id', '=', id).executeTakeFirst();
  return Number(done.numUpdatedRows) > 0;
}

export const customerName = async (db: Db, id: number): Promise<string | null> =>
  (await db.selectFrom('enterprises').select('enterprise_name').where('id', '=', id).executeTakeFirst())?.enterprise_name ?? null;

export const storedIdNumber = (trx: Transaction<DB>, id: number) =>
  trx.selectFrom('household_users').select(['id', 'name', 'id_no_enc as idNoEnc']).where('id', '=', id).executeTakeFirst();

export async function insertReveal(trx: Transaction<DB>, householdId: number, by: { operatorId: number; operator: string }, ip: string | null): Promise<void> {
  await trx.insertInto('household_reveals').values({ household_id: householdId, revealed_by_id: by.operatorId, revealed_by: by.operator, ip }).execute();
}

export async function pageReveals(db: Db, q: RevealPageQuery): Promise<PageResult<RevealRow>> {
  let query = db.selectFrom('household_reveals as r').innerJoin('household_users as u', 'u.id', 'r.household_id')
    .select(['r.id', 'r.household_id as householdId', 'u.name', 'r.revealed_by as revealedBy', ts('r.revealed_at').as('revealedAt'), 'r.ip']);
  if (q.householdId) query = query.where('r.household_id', '=', q.householdId);
  const page = await paginate(query, q, { sorts: { id: 'r.id' }, defaultSort: 'id', tieBreaker: 'r.id' });
  return { total: page.total, list: page.list.map(({ name, ...r }) => ({ ...r, nameMasked: maskName(name) })) };
}

/** The newest delivery of a cylinder to a household (index household_deliveries_cylinder_idx), for its public page. */
export function lastDeliveryOf(db: Db, cylinderId: number) {
  return db.selectFrom('household_deliveries as d').innerJoin('household_users as u', 'u.id', 'd.household_id')
    .select([sql<string>`to_char(d.delivered_at, 'YYYY-MM-DD')`.as('day'), 'u.name', 'u.phone'])
    .where('d.cylinder_id', '=', cylinderId).orderBy('d.id', 'desc').limit(1).executeTakeFirst();
}

/** Serving stations with enabled users (household_users_customer_idx), by name; at most `limit`. */
export function servingStations(db: Db, limit: number) {
  return db.selectFrom('household_users as u').innerJoin('enterprises as e', 'e.id', 'u.customer_id')
    .select(['u.customer_id as customerId', 'e.enterprise_name as customerName', sql<number>`count(*)::int`.as('users')])
    .where('u.status', '=', 1).groupBy(['u.customer_id', 'e.enterprise_name']).orderBy('e.enterprise_name').orderBy('u.customer_id').limit(limit).execute();
}

/**
 * A page of a serving station's users for a field device's copy, by id after `after` (household_users_customer_idx):
 * names and phones still in plain text (the service masks), with the rule's facts now.
 */
export function copyPage(db: Db, customerId: number, after: number, limit: number) {
  return db.selectFrom('household_users as u').innerJoin('enterprises as e', 'e.id', 'u.customer_id').select([
    'u.id', 'u.kind', 'u.name', 'u.phone', 'u.address', 'u.customer_id as customerId', 'e.enterprise_name as customerName', 'u.status',
    sql<string[]>`(select coalesce(array_agg(h.item_name order by h.id), '{}') from household_hazards h
      where h.household_id = u.id and h.status = 0 and h.level = 'major')`.as('majorItems'),
    sql<string | null>`(select to_char(max(k.checked_at), 'YYYY-MM-DD HH24:MI:SS') from household_checks k where k.household_id = u.id)`.as('lastCheckAt'),
  ]).where('u.customer_id', '=', customerId).where('u.id', '>', after).orderBy('u.id').limit(limit).execute();
}
