import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { PageResult } from '@shared/api/schema';
import type { CrewPageQuery, TransportOption, VehiclePageQuery, VehicleRow } from '@shared/api/transport';
import type { CrewMembersTable, DB, VehiclesTable } from '../../db/schema';
import { escapeLike, paginate } from '../../lib/paging';
import { ts } from '../../lib/sql';

/** The statements of the transport registers: vehicles and crew_members (issue 36). `day` is the plant's today. */

type Db = Kysely<DB>;

const VEHICLE_SORTS = { id: 'v.id', plate: 'v.plate', permitExpiry: 'v.permit_expiry' };
const CREW_SORTS = { id: 'm.id', name: 'm.name', qualificationExpiry: 'm.qualification_expiry' };

/** The columns a save writes (every column but the generated ones). */
export type VehicleValues = Omit<Insertable<VehiclesTable>, 'id' | 'created_at' | 'updated_at'> & { status: number };
export type CrewValues = Omit<Insertable<CrewMembersTable>, 'id' | 'created_at' | 'updated_at' | 'id_no_enc' | 'user_id'> & {
  status: number;
  /** Undefined: kept as it is. */
  user_id?: number | null;
  /** Undefined: kept as it is. */
  id_no_enc?: string | null;
};

const daysTo = (column: string, day: string) => sql<number>`(${sql.ref(column)} - ${day}::date)`;
const dateText = (column: string) => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;

/* ---------------------------------------------------------------- vehicles */

function vehicleRows(db: Db, day: string) {
  return db.selectFrom('vehicles as v').select([
    'v.id', 'v.plate', 'v.permit_no as permitNo', dateText('v.permit_expiry').as('permitExpiry'),
    daysTo('v.permit_expiry', day).as('permitDaysLeft'),
    sql<number | null>`v.load_kg::float8`.as('loadKg'), 'v.cylinder_capacity as cylinderCapacity',
    sql<number | null>`v.tank_volume::float8`.as('tankVolume'), 'v.status', 'v.remark', ts('v.created_at').as('createdAt'),
  ]);
}

export function pageVehicles(db: Db, q: VehiclePageQuery, day: string, warnDays: number): Promise<PageResult<VehicleRow>> {
  let query = vehicleRows(db, day);
  if (q.plate?.trim()) query = query.where('v.plate', 'ilike', `%${escapeLike(q.plate.trim())}%`);
  if (q.status !== undefined) query = query.where('v.status', '=', q.status);
  if (q.expiring === 1) query = query.where('v.permit_expiry', '<=', sql<string>`${day}::date + ${warnDays}::int`);
  return paginate(query, q, { sorts: VEHICLE_SORTS, defaultSort: 'id', tieBreaker: 'v.id' });
}

/** A vehicle as other modules see it (an outbound order's). */
export function findVehicle(db: Db, id: number) {
  return db.selectFrom('vehicles').select(['id', 'plate', 'permit_no as permitNo', dateText('permit_expiry').as('permitExpiry'), 'status'])
    .where('id', '=', id).executeTakeFirst();
}

/** The vehicle holding a plate in any letter case (index vehicles_plate_key). */
export function plateOwner(db: Db, plate: string) {
  return db.selectFrom('vehicles').select(['id', 'plate']).where(sql`upper(plate)`, '=', plate.toUpperCase()).executeTakeFirst();
}

export async function insertVehicle(trx: Transaction<DB>, values: VehicleValues): Promise<number> {
  return (await trx.insertInto('vehicles').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

/** False when there is no such vehicle. */
export async function updateVehicle(trx: Transaction<DB>, id: number, values: VehicleValues): Promise<boolean> {
  const done = await trx.updateTable('vehicles').set({ ...values, updated_at: sql`now()` }).where('id', '=', id).executeTakeFirst();
  return Number(done.numUpdatedRows) > 0;
}

export function vehicleOptions(db: Db, day: string): Promise<TransportOption[]> {
  return db.selectFrom('vehicles').select([
    'id', 'plate as name', dateText('permit_expiry').as('expiry'), sql<boolean>`permit_expiry < ${day}::date`.as('expired'),
  ]).where('status', '=', 1).orderBy('plate').orderBy('id').execute();
}

/* ---------------------------------------------------------------- drivers and escorts */

function crewRows(db: Db, day: string) {
  return db.selectFrom('crew_members as m').select([
    'm.id', 'm.name', 'm.kind', 'm.id_no_enc as idNoEnc', 'm.qualification_no as qualificationNo',
    dateText('m.qualification_expiry').as('qualificationExpiry'), daysTo('m.qualification_expiry', day).as('qualificationDaysLeft'),
    'm.phone', 'm.status', 'm.remark', 'm.user_id as userId',
    (eb) => eb.selectFrom('users as u').select('u.name').whereRef('u.id', '=', 'm.user_id').as('userName'),
    ts('m.created_at').as('createdAt'),
  ]);
}
export type CrewStored = Awaited<ReturnType<ReturnType<typeof crewRows>['execute']>>[number];

export function pageCrew(db: Db, q: CrewPageQuery, day: string, warnDays: number): Promise<PageResult<CrewStored>> {
  let query = crewRows(db, day);
  if (q.name?.trim()) query = query.where('m.name', 'ilike', `%${escapeLike(q.name.trim())}%`);
  if (q.kind) query = query.where('m.kind', '=', q.kind);
  if (q.status !== undefined) query = query.where('m.status', '=', q.status);
  if (q.expiring === 1) query = query.where('m.qualification_expiry', '<=', sql<string>`${day}::date + ${warnDays}::int`);
  return paginate(query, q, { sorts: CREW_SORTS, defaultSort: 'id', tieBreaker: 'm.id' });
}

/** A driver or escort as other modules see them, the ID number still encrypted. */
export function findCrew(db: Db, id: number) {
  return db.selectFrom('crew_members').select([
    'id', 'name', 'kind', 'id_no_enc as idNoEnc', 'qualification_no as qualificationNo',
    dateText('qualification_expiry').as('qualificationExpiry'), 'status', 'user_id as userId',
  ]).where('id', '=', id).executeTakeFirst();
}

/** Whether a user of this id exists (a person's sign-in), and the person already linked to it. */
export async function userLink(db: Db, userId: number): Promise<{ exists: boolean; crewId: number | null; crewName: string | null }> {
  const row = await db.selectFrom('users as u').leftJoin('crew_members as m', 'm.user_id', 'u.id')
    .select(['u.id', 'm.id as crewId', 'm.name as crewName']).where('u.id', '=', userId).executeTakeFirst();
  return { exists: row !== undefined, crewId: row?.crewId ?? null, crewName: row?.crewName ?? null };
}

/** The person of `kind` holding a qualification number in any letter case (index crew_members_qualification_key). */
export function qualificationOwner(db: Db, kind: string, no: string) {
  return db.selectFrom('crew_members').select(['id', 'qualification_no as no'])
    .where('kind', '=', kind).where(sql`upper(qualification_no)`, '=', no.toUpperCase()).executeTakeFirst();
}

export async function insertCrew(trx: Transaction<DB>, values: CrewValues): Promise<number> {
  return (await trx.insertInto('crew_members').values({ ...values, id_no_enc: values.id_no_enc ?? null }).returning('id').executeTakeFirstOrThrow()).id;
}

/** False when there is no such person. */
export async function updateCrew(trx: Transaction<DB>, id: number, values: CrewValues): Promise<boolean> {
  const done = await trx.updateTable('crew_members').set({ ...values, updated_at: sql`now()` }).where('id', '=', id).executeTakeFirst();
  return Number(done.numUpdatedRows) > 0;
}

export function crewOptions(db: Db, kind: string, day: string): Promise<TransportOption[]> {
  return db.selectFrom('crew_members').select([
    'id', 'name', dateText('qualification_expiry').as('expiry'), sql<boolean>`qualification_expiry < ${day}::date`.as('expired'),
  ]).where('status', '=', 1).where('kind', '=', kind).orderBy('name').orderBy('id').execute();
}

/** The person linked to a sign-in (index crew_members_user_key). */
export async function crewIdOfUser(db: Db, userId: number): Promise<number | undefined> {
  return (await db.selectFrom('crew_members').select('id').where('user_id', '=', userId).executeTakeFirst())?.id;
}
