import { sql, type Transaction } from 'kysely';
import { STATUS } from '@shared/lifecycle';
import { placeWords } from '@shared/cylinder/transitions';
import type { Place } from '@shared/cylinder/place';
import type { DB } from '../../db/schema';
import { whereColumns } from './place.sql';
import { lastEventAt } from './reads.queries';

/** The reads of 客户盘点's transitions (audit.transitions.ts). */

/** A cylinder an audit counted or expected, as the records have it when the reconciliation locks it. */
export interface AuditCylinder {
  id: number;
  code: string;
  status: number;
  customerId: number | null;
  onTripId: number | null;
  materialName: string | null;
  specification: string | null;
  place: Place;
  warehouseName: string | null;
  locationName: string | null;
  /** When its newest trace event happened. */
  lastEventAt: Date | null;
}

/** Where the records have it, in the words of a refused scan (在仓库「空瓶一库」（「在库(2)」）). */
export const auditPlaceWords = (c: AuditCylinder): string => placeWords(c, c.status);

/**
 * Locks, in id order, the cylinders with the counted codes (any letter case) and those the customer holds (shipped,
 * at the customer, not on a vehicle), and reads them: two reconciliations of audits that share a cylinder take
 * their locks in the same order. Answers both sets (a cylinder may be in both).
 */
export async function lockAuditCylinders(trx: Transaction<DB>, customerId: number, codes: readonly string[]): Promise<{ counted: AuditCylinder[]; expected: AuditCylinder[] }> {
  const lowered = [...new Set(codes.map((c) => c.toLowerCase()))];
  const held = sql<boolean>`(c.status = ${STATUS.outbound} and c.location_enterprise_id = ${customerId} and c.on_trip_id is null)`;
  const counted = lowered.length ? sql<boolean>`lower(c.code) in (${sql.join(lowered)})` : sql<boolean>`false`;
  const rows = await trx.selectFrom('cylinders as c')
    .select([
      'c.id', 'c.code', 'c.status', 'c.location_enterprise_id as customerId', 'c.on_trip_id as onTripId', 'c.specification',
      sql<string | null>`(select m.material_name from materials m where m.id = c.material_id)`.as('materialName'),
      ...whereColumns('c'), lastEventAt('c.id').as('lastEventAt'),
      held.as('held'), counted.as('isCounted'),
    ])
    // Two index scans (cylinders_held_idx, cylinders_code_ci) rather than one OR over the table.
    .where('c.id', 'in', sql<number>`(select c.id from cylinders c where ${held} union select c.id from cylinders c where ${counted})`)
    .orderBy('c.id').forUpdate('c')
    .execute();
  const all = rows.map(({ held: _h, isCounted: _c, warehouseId: _w, ...c }) => c);
  return { counted: all.filter((_, i) => rows[i]!.isCounted), expected: all.filter((_, i) => rows[i]!.held) };
}

/** The trip whose vehicle holds the (locked) cylinder, null when none does. */
export async function tripOf(trx: Transaction<DB>, id: number): Promise<number | null> {
  return (await trx.selectFrom('cylinders').select('on_trip_id').where('id', '=', id).executeTakeFirstOrThrow()).on_trip_id;
}
