import { sql, type Kysely, type Transaction } from 'kysely';
import type { PageResult } from '@shared/api/schema';
import type { ENTERPRISE_SORTS, EnterpriseFilters, EnterpriseOption, EnterprisePageQuery, EnterpriseRow, EnterpriseType } from '@shared/api/enterprise';
import type { DB, EnterprisesTable } from '../../db/schema';
import { escapeLike, paginate } from '../../lib/paging';

type Db = Kysely<DB>;

const SORTS: Record<(typeof ENTERPRISE_SORTS)[number], string> = {
  id: 'e.id', enterpriseName: 'e.enterprise_name', enterpriseCode: 'e.enterprise_code', type: 'e.type', createdAt: 'e.created_at',
};

/** The columns a save writes: every column of the table but the generated id and the creation time. */
export type EnterpriseValues = Omit<EnterprisesTable, 'id' | 'created_at'>;

function rows(db: Db) {
  return db.selectFrom('enterprises as e').select([
    'e.id', sql<EnterpriseType>`e.type::text`.as('type'), 'e.enterprise_name as enterpriseName',
    'e.enterprise_code as enterpriseCode', 'e.credit_code as creditCode', 'e.contact', 'e.phone',
    'e.province_code as provinceCode', 'e.province_name as provinceName', 'e.city_code as cityCode', 'e.city_name as cityName',
    'e.district_code as districtCode', 'e.district_name as districtName', 'e.address', 'e.remark',
    sql<string>`to_char(e.created_at, 'YYYY-MM-DD HH24:MI:SS')`.as('createdAt'),
  ]);
}

function filtered(db: Db, q: EnterpriseFilters) {
  let query = rows(db);
  if (q.type) query = query.where('e.type', '=', Number(q.type));
  if (q.enterpriseName) query = query.where('e.enterprise_name', 'ilike', `%${escapeLike(q.enterpriseName)}%`);
  if (q.enterpriseCode) query = query.where('e.enterprise_code', 'ilike', `%${escapeLike(q.enterpriseCode)}%`);
  if (q.contact) query = query.where('e.contact', 'ilike', `%${escapeLike(q.contact)}%`);
  if (q.provinceCode) query = query.where('e.province_code', '=', q.provinceCode);
  return query;
}

export function pageEnterprises(db: Db, q: EnterprisePageQuery): Promise<PageResult<EnterpriseRow>> {
  return paginate(filtered(db, q), q, { sorts: SORTS, defaultSort: 'id', tieBreaker: 'e.id' });
}

/** Every row matching the filters, oldest first, at most `cap` (reports and exports). */
export function listEnterprises(db: Db, q: EnterpriseFilters, cap: number): Promise<EnterpriseRow[]> {
  return filtered(db, q).orderBy('e.id').limit(cap).execute();
}

export const findEnterprise = (db: Db, id: number): Promise<EnterpriseRow | undefined> =>
  rows(db).where('e.id', '=', id).executeTakeFirst();

export function enterpriseOptions(db: Db, type: string | undefined, name: string | undefined, cap: number): Promise<EnterpriseOption[]> {
  let q = db.selectFrom('enterprises')
    .select(['id', sql<EnterpriseType>`type::text`.as('type'), 'enterprise_name as enterpriseName', 'enterprise_code as enterpriseCode']);
  if (type) q = q.where('type', '=', Number(type));
  if (name) q = q.where('enterprise_name', 'ilike', `%${escapeLike(name)}%`);
  return q.orderBy('enterprise_name').orderBy('id').limit(cap).execute();
}

/** Owners of codes in any letter case, by lower-cased code (index enterprises_code_ci). */
export async function codeOwners(db: Db, codes: string[]): Promise<Map<string, { id: number; code: string }>> {
  if (codes.length === 0) return new Map();
  const found = await db.selectFrom('enterprises').select(['id', 'enterprise_code as code'])
    .where(sql`lower(enterprise_code)`, 'in', codes.map((c) => c.toLowerCase())).execute();
  return new Map(found.map((r) => [r.code.toLowerCase(), r]));
}

/** Enterprises of one type holding names in any letter case, by lower-cased name (index enterprises_type_name_ci). */
export async function nameOwners(db: Db, type: number, names: string[]): Promise<Map<string, number>> {
  if (names.length === 0) return new Map();
  const found = await db.selectFrom('enterprises').select(['id', 'enterprise_name as name']).where('type', '=', type)
    .where(sql`lower(enterprise_name)`, 'in', names.map((n) => n.toLowerCase())).execute();
  return new Map(found.map((r) => [r.name.toLowerCase(), r.id]));
}

export async function insertEnterprises(db: Transaction<DB>, values: EnterpriseValues[]): Promise<number[]> {
  if (values.length === 0) return [];
  return (await db.insertInto('enterprises').values(values).returning('id').execute()).map((r) => r.id);
}

export async function updateEnterprise(db: Transaction<DB>, id: number, values: EnterpriseValues): Promise<void> {
  await db.updateTable('enterprises').set(values).where('id', '=', id).execute();
}

export async function deleteEnterprise(db: Transaction<DB>, id: number): Promise<void> {
  await db.deleteFrom('enterprises').where('id', '=', id).execute();
}

// Which cylinders name an enterprise is the cylinder module's to read (register.repository.ts).
export { enterpriseCylinders as cylindersLinked } from '../cylinder';

/** A customer as a driver's stop names it: name, full address, contact and phone (issue 37), by id. */
export async function customerContacts(db: Db, ids: number[]): Promise<Map<number, { name: string; address: string | null; contact: string | null; phone: string | null }>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('enterprises').select([
    'id', 'enterprise_name as name', 'contact', 'phone',
    sql<string | null>`nullif(concat_ws('', province_name, city_name, district_name, address), '')`.as('address'),
  ]).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, { name: r.name, address: r.address, contact: r.contact, phone: r.phone }]));
}
