import { sql, type Kysely } from 'kysely';
import type { AgreementDetail, AgreementLine, AgreementPageQuery, AgreementRow, AgreementSaveBody, AgreementVersionBody } from '@shared/api/rental';
import type { Static } from '@sinclair/typebox';
import type { ChargeVersion } from '@shared/rental/charge';
import type { DB } from '../../db/schema';
import { paginate } from '../../lib/paging';

type Db = Kysely<DB>;
const TIME = `'YYYY-MM-DD HH24:MI:SS'`;

const rowColumns = [
  'a.id', 'a.customer_id as customerId', 'e.enterprise_name as customerName', 'a.name', 'a.remark',
  sql<number>`(select count(*)::int from rental_agreement_versions v where v.agreement_id = a.id)`.as('versionCount'),
  sql<string | null>`(select to_char(max(v.valid_from), 'YYYY-MM-DD') from rental_agreement_versions v where v.agreement_id = a.id and v.valid_from <= current_date)`.as('currentValidFrom'),
  sql<string>`to_char(a.updated_at, ${sql.raw(TIME)})`.as('updatedAt'),
] as const;

export async function agreementPage(db: Db, q: Static<typeof AgreementPageQuery>) {
  let query = db.selectFrom('rental_agreements as a').leftJoin('enterprises as e', 'e.id', 'a.customer_id').select(rowColumns);
  if (q.customerId) query = query.where('a.customer_id', '=', q.customerId);
  if (q.name) query = query.where('a.name', 'like', `%${q.name.replace(/[\\%_]/g, '\\$&')}%`);
  return paginate<AgreementRow, { id: string }>(query as never, q, { sorts: { id: 'a.id' }, defaultSort: 'id', tieBreaker: 'a.id' });
}

export async function agreementById(db: Db, id: number): Promise<AgreementDetail | null> {
  const row = await db.selectFrom('rental_agreements as a').leftJoin('enterprises as e', 'e.id', 'a.customer_id').select(rowColumns)
    .where('a.id', '=', id).executeTakeFirst();
  if (!row) return null;
  const versions = await db.selectFrom('rental_agreement_versions as v').select([
    'v.id', sql<string>`to_char(v.valid_from, 'YYYY-MM-DD')`.as('validFrom'), 'v.minimum_month_cents as minimumMonthCents',
    'v.deposit_offsets_rental as depositOffsetsRental', 'v.lines', sql<string>`to_char(v.created_at, ${sql.raw(TIME)})`.as('createdAt'), 'v.created_by as createdBy',
  ]).where('v.agreement_id', '=', id).orderBy('v.valid_from').execute();
  const materialIds = [...new Set(versions.flatMap((v) => (v.lines as AgreementLine[]).map((l) => l.materialId)).filter((m): m is number => m !== null))];
  const names = new Map((materialIds.length ? await db.selectFrom('materials').select(['id', 'material_name']).where('id', 'in', materialIds).execute() : [])
    .map((m) => [m.id, m.material_name]));
  return {
    ...(row),
    versions: versions.map((v) => ({ ...v, lines: (v.lines as AgreementLine[]).map((l) => ({ ...l, materialName: l.materialId === null ? null : (names.get(l.materialId) ?? null) })) })),
  };
}

export async function insertAgreement(db: Db, b: AgreementSaveBody): Promise<number> {
  const row = await db.insertInto('rental_agreements').values({ customer_id: b.customerId, name: b.name, remark: b.remark ?? null }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateAgreement(db: Db, id: number, b: AgreementSaveBody): Promise<boolean> {
  const r = await db.updateTable('rental_agreements').set({ customer_id: b.customerId, name: b.name, remark: b.remark ?? null, updated_at: sql`now()` })
    .where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function agreementCustomer(db: Db, id: number): Promise<{ customerId: number | null } | undefined> {
  return db.selectFrom('rental_agreements').select('customer_id as customerId').where('id', '=', id).executeTakeFirst();
}

export async function insertVersion(db: Db, b: AgreementVersionBody, by: string): Promise<number> {
  const row = await db.insertInto('rental_agreement_versions').values({
    agreement_id: b.agreementId, valid_from: b.validFrom, minimum_month_cents: b.minimumMonthCents, deposit_offsets_rental: b.depositOffsetsRental,
    lines: JSON.stringify(b.lines), created_by: by,
  }).returning('id').executeTakeFirstOrThrow();
  await db.updateTable('rental_agreements').set({ updated_at: sql`now()` }).where('id', '=', b.agreementId).execute();
  return row.id;
}

/** The versions that charge a customer: its own agreement's, else the default agreement's. */
export async function versionsFor(db: Db, customerId: number): Promise<ChargeVersion[]> {
  const agreement = await db.selectFrom('rental_agreements').select('id')
    .where((eb) => eb.or([eb('customer_id', '=', customerId), eb('customer_id', 'is', null)]))
    .orderBy(sql`customer_id is null`).limit(1).executeTakeFirst();
  if (!agreement) return [];
  const rows = await db.selectFrom('rental_agreement_versions').select([
    sql<string>`to_char(valid_from, 'YYYY-MM-DD')`.as('validFrom'), 'minimum_month_cents as minimumMonthCents', 'deposit_offsets_rental as depositOffsetsRental', 'lines',
  ]).where('agreement_id', '=', agreement.id).orderBy('valid_from').execute();
  return rows.map((r) => ({ ...r, lines: r.lines as AgreementLine[] }));
}
