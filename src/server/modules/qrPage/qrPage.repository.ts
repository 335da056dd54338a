import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { lastFillDay } from '../cylinder';

const date = (column: string) => sql<string | null>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;

/** The plant's secret for the public page's addresses (migration 0018). */
export async function qrSecret(db: Kysely<DB>): Promise<string> {
  const row = await db.selectFrom('app_secrets').select('value').where('name', '=', 'qrPage').executeTakeFirstOrThrow();
  return row.value;
}

/** Whether the page is on and the plant's public address; the defaults before 企业信息 was ever saved. */
export async function publicPageSetting(db: Kysely<DB>): Promise<{ enabled: boolean; publicUrl: string | null; companyName: string | null; licenceNo: string | null }> {
  const row = await db.selectFrom('company').select(['public_page', 'public_url', 'company_name', 'licence_no']).where('id', '=', 1).executeTakeFirst();
  return { enabled: (row?.public_page ?? 1) === 1, publicUrl: row?.public_url ?? null, companyName: row?.company_name ?? null, licenceNo: row?.licence_no ?? null };
}

/**
 * What the public page shows of one cylinder, in one statement: its gas, dates, status and its last fill
 * that no rollback undid (an index probe); nothing about operators or customers. Undefined when unknown.
 */
export function publicCylinder(db: Kysely<DB>, code: string) {
  return db.selectFrom('cylinders as c')
    .innerJoin('materials as m', 'm.id', 'c.material_id')
    .select([
      'c.id', 'c.code', 'c.status', 'm.material_name as gasName', 'c.specification',
      date('c.manufacture_date').as('manufactureDate'), date('c.next_inspection_date').as('nextInspectionDate'),
      'c.design_life_years as designLifeYears', 'm.design_life_years as gasLifeYears', 'm.extended_life_years as gasExtendedLifeYears',
      (eb) => eb.selectFrom('periodic_inspections as p').select(sql<string>`to_char(max(p.inspected_on), 'YYYY-MM-DD')`.as('v'))
        .whereRef('p.cylinder_id', '=', 'c.id').where('p.result', '=', 1).as('lastPassedInspection'),
      lastFillDay('c.id').as('lastFillDate'),
      sql<string>`to_char(current_date, 'YYYY-MM-DD')`.as('today'),
    ])
    .where('c.code', '=', code)
    .executeTakeFirst();
}
