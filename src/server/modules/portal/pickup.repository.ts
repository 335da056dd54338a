import { sql, type Kysely, type Transaction } from 'kysely';
import type { PickupBody, PickupQuery, PickupRow, PickupStatus } from '@shared/api/portal';
import type { PageResult } from '@shared/api/schema';
import type { DB } from '../../db/schema';
import { paginate } from '../../lib/paging';
import { ts } from '../../lib/sql';

type Db = Kysely<DB> | Transaction<DB>;

export async function insertPickup(db: Db, a: PickupBody & { enterpriseId: number; userId: number }): Promise<number> {
  const row = await db.insertInto('portal_pickup_requests').values({
    enterprise_id: a.enterpriseId, user_id: a.userId, cylinders: a.cylinders, wanted_date: a.wantedDate, note: a.note?.trim() || null,
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** The requests, of one customer (the portal) or of all (the plant). */
export async function pickupPage(db: Kysely<DB>, q: PickupQuery, enterpriseId: number | null): Promise<PageResult<PickupRow>> {
  let query = db.selectFrom('portal_pickup_requests as p').innerJoin('enterprises as e', 'e.id', 'p.enterprise_id')
    .select([
      'p.id', 'p.enterprise_id as enterpriseId', 'e.enterprise_name as enterpriseName', 'p.cylinders',
      sql<string>`to_char(p.wanted_date, 'YYYY-MM-DD')`.as('wantedDate'), 'p.note', sql<PickupStatus>`p.status`.as('status'),
      sql<string | null>`(select u.name from users u where u.id = p.user_id)`.as('requestedBy'),
      ts('p.created_at').as('createdAt'), sql<string | null>`to_char(p.handled_at, 'YYYY-MM-DD HH24:MI:SS')`.as('handledAt'), 'p.handled_by as handledBy',
    ]);
  if (enterpriseId !== null) query = query.where('p.enterprise_id', '=', enterpriseId);
  if (q.status) query = query.where('p.status', '=', q.status);
  return paginate(query, q, { sorts: { id: 'p.id', wantedDate: 'p.wanted_date' }, defaultSort: 'id', tieBreaker: 'p.id' });
}

export const pickup = (db: Db, id: number) =>
  db.selectFrom('portal_pickup_requests').select(['id', 'status', 'enterprise_id as enterpriseId']).where('id', '=', id).forUpdate().executeTakeFirst();

export async function setPickupStatus(db: Db, id: number, status: PickupStatus, by: string): Promise<void> {
  await db.updateTable('portal_pickup_requests').set({ status, handled_at: sql`now()`, handled_by: by.slice(0, 64) }).where('id', '=', id).execute();
}

export const enterpriseName = async (db: Db, id: number) =>
  (await db.selectFrom('enterprises').select('enterprise_name').where('id', '=', id).executeTakeFirst())?.enterprise_name ?? '';

/** The enabled plant users whose roles hold `key` (never a portal or service account). */
export async function usersHolding(db: Db, key: string): Promise<number[]> {
  const rows = await db.selectFrom('users as u').innerJoin('user_roles as ur', 'ur.user_id', 'u.id').innerJoin('role_buttons as rb', 'rb.role_id', 'ur.role_id')
    .select('u.id').distinct().where('rb.button_key', '=', key).where('u.status', '=', 1).where('u.kind', '=', 'person').orderBy('u.id').execute();
  return rows.map((r) => r.id);
}
