import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { precompiled } from '../../db/precompiled';
import { BusinessError } from '../../lib/errors';
import { today } from '../../lib/dates';
import { gateFactsOf } from '@shared/cylinder/gate';
import type { FactsRow } from '@shared/api/offline';
import { fillGateReasons, type GateReason } from './fill-gate';
import { ruleFlag } from '../systemRule';
import { ownerName } from '../../lib/sql';

/** Trace action that vacuum handling (trace/vacuumHandle, a later issue) records; the gate looks for it. */
export const VACUUM_ACTION = 'vacuum';
/** Moments compared as text by the gate (same zone, microseconds). */
const MOMENT = 'YYYY-MM-DD"T"HH24:MI:SS.US';

/**
 * The fill-gate reasons for the cylinder with `code` and the gas `materialId`, read inside `db` (pass the
 * transaction of the pick or fill that asks, after locking the cylinder).
 */
export async function fillGateFor(db: Kysely<DB>, code: string, materialId: number): Promise<{ reasons: GateReason[]; gas: GateGasFacts }> {
  const { reasons, gas } = await fillGateWithCylinder(db, code, materialId);
  return { reasons, gas };
}

/** What the fill needs to know of the gas being filled, read in the gate's statement. */
export interface GateGasFacts {
  materialName: string;
  category: string;
}

/** The gate's reasons and the cylinder as a station shows it (CylinderBrief), read in one statement. */
export async function fillGateWithCylinder(db: Kysely<DB>, code: string, materialId: number) {
  const [row] = (await gateStatement(db, { code, materialId })).rows;
  if (!row) throw new BusinessError(`气瓶不存在：${code}`);
  if (row.gasId === null || row.gasName === null) throw new BusinessError(`介质不存在：${materialId}`);
  const gas = {
    id: row.gasId, materialName: row.gasName, flammable: row.gasFlammable === true, designLifeYears: row.gasLife,
    // 系统规则: without the extension a passed inspection no longer lengthens the production.
    extendedLifeYears: row.extensionRule ? row.gasExtendedLife : null,
  };
  const brief = {
    id: row.id, code: row.code, status: row.status, materialId: row.materialId, materialName: row.materialName, specification: row.specification,
    tareWeight: row.tareWeight, nextInspectionDate: row.nextInspectionDate, ownerName: row.ownerName,
  };
  const options = { vacuumSince: row.vacuumSince, inspectionRecordedAt: row.inspectionRecordedAt, vacuumRequired: row.vacuumRule };
  return { cylinder: brief, reasons: fillGateReasons(row, gas, today(), options), gas: { materialName: row.gasName, category: row.gasCategory ?? '' } };
}

/**
 * The gate facts of cylinders in one selection (the one definition): what the fill gate reads of a cylinder and
 * its own gas's rows, for the gate's statement (gateQuery, one cylinder and the gas being filled) and for the
 * stations' change feed (stationFacts, which reduces them by the shared gateFactsOf): the station's copy and
 * the server's gate read the same columns the same way.
 */
function gateFacts(db: Kysely<DB>) {
  return db.selectFrom('cylinders as c')
    .innerJoin('materials as m', 'm.id', 'c.material_id')
    .leftJoin('enterprises as o', 'o.id', 'c.owner_enterprise_id')
    .select([
      'c.id', 'c.code', 'c.status', 'c.material_id as materialId', 'm.material_name as materialName',
      sql<string | null>`to_char(c.manufacture_date, 'YYYY-MM-DD')`.as('manufactureDate'), 'c.design_life_years as designLifeYears',
      sql<string | null>`to_char(c.last_inspection_date, 'YYYY-MM-DD')`.as('lastInspectionDate'),
      sql<string | null>`to_char(c.next_inspection_date, 'YYYY-MM-DD')`.as('nextInspectionDate'),
      'c.owner_type as ownerType', sql<boolean>`coalesce(o.type = 2, false)`.as('ownerIsCustomer'),
      'c.specification', sql<number | null>`c.tare_weight::float8`.as('tareWeight'),
      sql<string | null>`to_char(c.last_filled_at, 'YYYY-MM-DD')`.as('lastFilledAt'),
      (eb) => eb.selectFrom('cylinder_traces as t').select(sql<string>`to_char(max(t.at), ${MOMENT})`.as('v'))
        .whereRef('t.cylinder_id', '=', 'c.id').where('t.action', '=', VACUUM_ACTION).where('t.reverted_by_id', 'is', null).as('vacuumSince'),
      (eb) => eb.selectFrom('periodic_inspections as p').select(sql<string>`to_char(max(p.created_at), ${MOMENT})`.as('v'))
        .whereRef('p.cylinder_id', '=', 'c.id').as('inspectionRecordedAt'),
      // The plant's rules, read in the same statement: a saved change applies to the next scan.
      ruleFlag('vacuumBeforeFlammableFirstFill').as('vacuumRule'), ruleFlag('lpgLifeExtension').as('extensionRule'),
      (eb) => eb.selectFrom('periodic_inspections as p').select(sql<string>`to_char(max(p.inspected_on), 'YYYY-MM-DD')`.as('v'))
        .whereRef('p.cylinder_id', '=', 'c.id').where('p.result', '=', 1).as('lastPassedInspection'),
    ]);
}

function gateQuery(db: Kysely<DB>, code: string, materialId: number) {
  return gateFacts(db)
    // The gas being filled, in the same statement (this runs twice per filled cylinder: scan and fill).
    .leftJoin('materials as g', (j) => j.on('g.id', '=', materialId))
    .select([
      'g.id as gasId', 'g.material_name as gasName', 'g.category as gasCategory', 'g.flammable as gasFlammable', 'g.design_life_years as gasLife',
      'g.extended_life_years as gasExtendedLife', ownerName('c').as('ownerName'),
    ])
    .where('c.code', '=', code);
}

/** Which cylinders stationFacts reads: some by id (the feed's changes), or a page by id of the gases and statuses (the full copy). */
export type StationFactsWhere = { ids: number[] } | { materialIds: number[] | null; statuses: number[] | null; afterId: number; limit: number };

/**
 * The gate facts a station keeps of the cylinders `where` selects, each for its own gas, read in one statement by
 * the gate's own selection (gateFacts) and reduced by the shared gateFactsOf: the station's copy and the server's
 * gate cannot drift apart. With the gas's target net weight and tolerance, for 复秤 on the station.
 */
export async function stationFacts(db: Kysely<DB>, where: StationFactsWhere): Promise<FactsRow[]> {
  let q = gateFacts(db).select([
    'm.flammable as gasFlammable', 'm.design_life_years as gasLife', 'm.extended_life_years as gasExtendedLife',
    sql<number | null>`m.target_net_weight::float8`.as('targetNetWeight'), sql<number | null>`m.weight_tolerance::float8`.as('weightTolerance'),
  ]);
  if ('ids' in where) {
    if (!where.ids.length) return [];
    q = q.where('c.id', 'in', where.ids);
  } else {
    if (where.materialIds) q = q.where('c.material_id', 'in', where.materialIds);
    if (where.statuses) q = q.where('c.status', 'in', where.statuses);
    q = q.where('c.id', '>', where.afterId).orderBy('c.id').limit(where.limit);
  }
  const rows = await q.execute();
  return rows.map((r) => gateFactsOf(
    r,
    {
      id: r.materialId, materialName: r.materialName, flammable: r.gasFlammable === true, designLifeYears: r.gasLife,
      extendedLifeYears: r.extensionRule ? r.gasExtendedLife : null, targetNetWeight: r.targetNetWeight, weightTolerance: r.weightTolerance,
    },
    { vacuumSince: r.vacuumSince, inspectionRecordedAt: r.inspectionRecordedAt, vacuumRequired: r.vacuumRule },
  ));
}

/** The gate's statement, built once (it runs twice per filled cylinder). */
const gateStatement = precompiled((db, a: { code: string; materialId: number }) => gateQuery(db, a.code, a.materialId), ['code', 'materialId']);
