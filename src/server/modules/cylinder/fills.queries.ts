import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { RecallRow } from '@shared/api/quality';
import { STATUS } from '@shared/lifecycle';
import type { DB } from '../../db/schema';

/**
 * The fills of a lot or a window and the holders of their cylinders, as a recall (质量召回) reads them: part of the
 * read door (index.ts).
 */
type Db = Kysely<DB>;

/**
 * The fills a recall chose, as a predicate on filling_records f: a lot (index filling_records_lot_idx), or a
 * gas over a window of fill times (filling_records_material_created_idx), or one fill by id. Undone fills
 * (reverted_at) are not recalled.
 */
export type FillChoice = { lotNo: string } | { materialId: number; from: string; to: string } | { fillId: number };

function chosen(c: FillChoice): RawBuilder<unknown> {
  if ('lotNo' in c) return sql`f.lot_no = ${c.lotNo} and f.reverted_at is null`;
  if ('fillId' in c) return sql`f.id = ${c.fillId} and f.reverted_at is null`;
  return sql`f.material_id = ${c.materialId} and f.created_at >= ${c.from}::timestamptz and f.created_at < ${c.to}::timestamptz
    and f.reverted_at is null`;
}

/** The chosen fills, counted up to `cap` (an index-only count that stops there). */
export async function countFills(db: Db, c: FillChoice, cap: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from (select 1 from filling_records f where ${chosen(c)} limit ${cap}) x`
    .execute(db);
  return rows[0]?.n ?? 0;
}

export interface HolderCell { status: number; customerId: number | null; n: number; since: string | null; refilled: number }
/**
 * The chosen fills' cylinders, once each, by status now and (shipped) the customer holding them; `refilled`
 * counts those filled again since (their content is no longer this fill's). One pass over the fills, a
 * primary-key probe per cylinder and one (cylinder_id, id) probe for a later fill.
 */
export async function holders(db: Db, c: FillChoice): Promise<{ fills: number; cells: HolderCell[] }> {
  const { rows } = await sql<HolderCell & { fills: number }>`
    with fills as (select f.id, f.cylinder_id from filling_records f where ${chosen(c)}),
    cyl as (select cylinder_id, max(id) as fill_id from fills group by cylinder_id)
    select c.status, case when c.status = ${sql.lit(STATUS.outbound)} then c.location_enterprise_id end as "customerId", count(*)::int as n,
      to_char(min(c.located_since) filter (where c.status = ${sql.lit(STATUS.outbound)}), 'YYYY-MM-DD HH24:MI:SS') as since,
      count(*) filter (where exists (select 1 from filling_records g where g.cylinder_id = cyl.cylinder_id and g.id > cyl.fill_id
        and g.reverted_at is null))::int as refilled,
      (select count(*) from fills)::int as fills
    from cyl join cylinders c on c.id = cyl.cylinder_id
    group by 1, 2`.execute(db);
  return { fills: rows[0]?.fills ?? 0, cells: rows.map(({ fills: _f, ...r }) => r) };
}

/**
 * A page of the chosen fills (in fill order) with each cylinder now: status, and when shipped or on an order,
 * the customer holding it (or the order's) and the outbound order that holds it (its latest order line,
 * index storage_order_items_cylinder_idx).
 */
export async function recallRows(db: Db, c: FillChoice, limit: number, offset: number): Promise<RecallRow[]> {
  const { rows } = await sql<RecallRow>`
    with page as (select f.id, f.cylinder_id, f.created_at, f.lot_no from filling_records f where ${chosen(c)}
      order by f.id limit ${limit} offset ${offset})
    select p.id as "fillId", p.cylinder_id as "cylinderId", c.code, c.status,
      to_char(p.created_at, 'YYYY-MM-DD HH24:MI:SS') as "filledAt", p.lot_no as "lotNo",
      e.id as "customerId", e.enterprise_name as "customerName", e.contact, e.phone, o.order_no as "orderNo",
      to_char(c.located_since, 'YYYY-MM-DD HH24:MI:SS') as since
    from page p join cylinders c on c.id = p.cylinder_id
    left join lateral (
      select so.order_no, so.customer_id from storage_order_items i join storage_orders so on so.id = i.order_id
      where i.cylinder_id = p.cylinder_id and i.reverted_at is null and so.direction = 'out' and c.status in (${sql.lit(STATUS.scanned)}, ${sql.lit(STATUS.outbound)})
      order by i.id desc limit 1
    ) o on true
    left join enterprises e on e.id = case when c.status = ${sql.lit(STATUS.outbound)} then c.location_enterprise_id else o.customer_id end
    order by p.id`.execute(db);
  return rows;
}

/** A cylinder's id by its code (any letter case), and one of its fills: the given one or its latest. */
export async function cylinderFill(db: Db, code: string, fillId: number | null): Promise<{ cylinderId: number | null; fill: { id: number; lotNo: string | null } | null }> {
  const cyl = await db.selectFrom('cylinders').select('id').where(sql`lower(code)`, '=', code.toLowerCase()).executeTakeFirst();
  if (!cyl) return { cylinderId: null, fill: null };
  let q = db.selectFrom('filling_records').select(['id', 'lot_no as lotNo']).where('cylinder_id', '=', cyl.id).where('reverted_at', 'is', null);
  if (fillId !== null) q = q.where('id', '=', fillId);
  const fill = await q.orderBy('id', 'desc').limit(1).executeTakeFirst();
  return { cylinderId: cyl.id, fill: fill ?? null };
}

/**
 * The users who handle the customers holding the chosen cylinders: the enabled operators of the outbound
 * orders that hold them now (each cylinder's latest order line, for those scanned onto an order or shipped).
 */
export async function outboundOperators(db: Db, c: FillChoice): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    with cyl as (select distinct f.cylinder_id from filling_records f where ${chosen(c)})
    select distinct u.id from cyl join cylinders c on c.id = cyl.cylinder_id and c.status in (${sql.lit(STATUS.scanned)}, ${sql.lit(STATUS.outbound)})
    cross join lateral (
      select so.operator_id from storage_order_items i join storage_orders so on so.id = i.order_id
      where i.cylinder_id = cyl.cylinder_id and i.reverted_at is null and so.direction = 'out' order by i.id desc limit 1
    ) o
    join users u on u.id = o.operator_id and u.status = 1
    order by u.id`.execute(db);
  return rows.map((r) => r.id);
}
