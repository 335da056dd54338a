import { sql, type Kysely, type Transaction } from 'kysely';
import type { CompanyInfo } from '@shared/api/company';
import type { DB } from '../../db/schema';

type Db = Kysely<DB>;

/** The single row's id (the table's check constraint allows no other). */
const COMPANY_ID = 1;
export const LOGO_LINK = 'companyLogo';

export type CompanyValues = Pick<DB['company'], 'company_name' | 'credit_code' | 'address' | 'phone' | 'logo_path' | 'app_title' | 'licence_no' | 'public_url'> & {
  licence_expiry: string | null;
  area_code: string | null;
  /** Undefined: kept as it is. */
  public_page?: number;
};

/** The record as stored; the days to the licence's expiry are counted by the database, on its calendar. */
export function findCompany(db: Db): Promise<CompanyInfo | undefined> {
  return db.selectFrom('company').select([
    'company_name as companyName', 'credit_code as creditCode', 'licence_no as licenceNo',
    sql<string | null>`to_char(licence_expiry, 'YYYY-MM-DD')`.as('licenceExpiry'),
    'address', 'phone', 'logo_path as logoPath', 'app_title as appTitle', 'public_page as publicPage', 'public_url as publicUrl',
    'area_code as areaCode',
    sql<number | null>`licence_expiry - current_date`.as('licenceDaysLeft'),
    sql<string>`to_char(updated_at, 'YYYY-MM-DD HH24:MI:SS')`.as('updatedAt'),
  ]).where('id', '=', COMPANY_ID).executeTakeFirst();
}

/** The app name an administrator gave (null: none, or no record yet). */
export async function findAppTitle(db: Db): Promise<string | null> {
  const row = await db.selectFrom('company').select('app_title').where('id', '=', COMPANY_ID).executeTakeFirst();
  return row?.app_title ?? null;
}

/** Writes the whole record in one statement, whether or not it existed. */
export async function upsertCompany(trx: Transaction<DB>, values: CompanyValues): Promise<void> {
  await trx.insertInto('company')
    .values({ id: COMPANY_ID, ...values, updated_at: sql`now()` })
    .onConflict((oc) => oc.column('id').doUpdateSet((eb) => ({
      company_name: eb.ref('excluded.company_name'),
      credit_code: eb.ref('excluded.credit_code'),
      licence_no: eb.ref('excluded.licence_no'),
      licence_expiry: eb.ref('excluded.licence_expiry'),
      address: eb.ref('excluded.address'),
      phone: eb.ref('excluded.phone'),
      logo_path: eb.ref('excluded.logo_path'),
      app_title: eb.ref('excluded.app_title'),
      public_url: eb.ref('excluded.public_url'),
      area_code: eb.ref('excluded.area_code'),
      ...(values.public_page === undefined ? {} : { public_page: eb.ref('excluded.public_page') }),
      updated_at: sql`now()`,
    })))
    .execute();
}

/** Whether a stored path is a file uploaded as the company logo. */
export async function isUploadedLogo(db: Db, path: string): Promise<boolean> {
  const row = await db.selectFrom('files as f').innerJoin('file_links as l', 'l.file_id', 'f.id')
    .select('f.id').where('f.path', '=', path).where('l.kind', '=', LOGO_LINK).executeTakeFirst();
  return row !== undefined;
}
