import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema';
import type { FillsOf } from './fill-outcomes';

/** The statement of fillOutcomes (fill-outcomes.ts shapes its rows). */

function chosen(c: FillsOf): RawBuilder<unknown> {
  if ('lotNo' in c) {
    return sql`select f.cylinder_id, f.id as fill_id, f.id as ord from filling_records f where f.lot_no = ${c.lotNo} and f.reverted_at is null`;
  }
  // Record ids follow a cylinder's own order of events, and a record's trace_id places it among the other tables' records.
  if ('orderId' in c) {
    return sql`select * from (select distinct on (i.cylinder_id) i.cylinder_id, (select f.id from filling_records f
        where f.cylinder_id = i.cylinder_id and f.trace_id < i.trace_id and f.reverted_at is null order by f.id desc limit 1) as fill_id, i.id as ord
      from storage_order_items i where i.order_id = ${c.orderId} and i.reverted_at is null order by i.cylinder_id, i.id) x`;
  }
  return sql`select ${c.cylinderId}::int as cylinder_id, (select f.id from filling_records f where f.cylinder_id = ${c.cylinderId}
    and f.reverted_at is null order by f.id desc limit 1) as fill_id, 0 as ord`;
}

export interface FillOutcomeRow {
  cylinderId: number; code: string; fillId: string | null; at: string; lotNo: string | null; gasName: string; weight: number | null;
  pressure: number | null; operator: string | null; workstation: string | null; reweighRequired: boolean;
  testAt: string | null; testResult: number | null; testItems: unknown; testOperator: string | null;
  weighAt: string | null; gross: number; net: number; target: number; tolerance: number; deviation: number; weighPassed: boolean; weighOperator: string | null;
}

/** The chosen fills in document order, each with its own inspection and re-weigh (see fillOutcomes). */
export async function fillOutcomeRows(db: Kysely<DB>, c: FillsOf): Promise<FillOutcomeRow[]> {
  const { rows } = await sql<FillOutcomeRow>`
    with chosen as (${chosen(c)})
    select c.id as "cylinderId", c.code, f.id as "fillId", to_char(f.created_at, 'YYYY-MM-DD HH24:MI:SS') as at, f.lot_no as "lotNo",
      m.material_name as "gasName", f.filled_weight::float8 as weight, f.filled_pressure::float8 as pressure, f.operator, f.workstation,
      coalesce(m.reweigh_required, false) as "reweighRequired",
      t.at as "testAt", t.result as "testResult", t.items as "testItems", t.operator as "testOperator",
      w.at as "weighAt", w.gross, w.net, w.target, w.tolerance, w.deviation, w.passed as "weighPassed", w.operator as "weighOperator"
    from chosen ch
    join cylinders c on c.id = ch.cylinder_id
    left join filling_records f on f.id = ch.fill_id
    left join materials m on m.id = f.material_id
    left join lateral (select n.trace_id from filling_records n where n.cylinder_id = f.cylinder_id and n.id > f.id and n.reverted_at is null
      order by n.id limit 1) nx on true
    left join lateral (select to_char(r.created_at, 'YYYY-MM-DD HH24:MI:SS') as at, r.result, r.items, r.operator from test_records r
      where r.cylinder_id = f.cylinder_id and r.trace_id > f.trace_id and (nx.trace_id is null or r.trace_id < nx.trace_id) and r.reverted_at is null
      order by r.id desc limit 1) t on true
    left join lateral (select to_char(r.created_at, 'YYYY-MM-DD HH24:MI:SS') as at, r.gross_weight::float8 as gross, r.net_weight::float8 as net,
        r.target_net_weight::float8 as target, r.tolerance::float8 as tolerance, r.deviation::float8 as deviation, r.passed, r.operator
      from weighing_records r
      where r.cylinder_id = f.cylinder_id and r.trace_id > f.trace_id and (nx.trace_id is null or r.trace_id < nx.trace_id) and r.reverted_at is null
      order by r.id desc limit 1) w on true
    order by ch.ord`.execute(db);
  return rows;
}
