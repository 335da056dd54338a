import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { OpenInterruption, Suspension } from '@shared/api/production';
import type { DB } from '../../db/schema';
import { precompiled } from '../../db/precompiled';
import { BusinessError } from '../../lib/errors';
import { today } from '../../lib/dates';
import { gateFactsOf, type OperatorFacts } from '@shared/cylinder/gate';
import type { FactsRow } from '@shared/api/offline';
import { fillGateReasons, type GateReason } from './fill-gate';
import { ruleFlag, ruleNumber } from '../systemRule';
import { ownerName } from '../../lib/sql';

/** Trace action that vacuum handling (trace/vacuumHandle, a later issue) records; the gate looks for it. */
export const VACUUM_ACTION = 'vacuum';
/** Moments compared as text by the gate (same zone, microseconds). */
const MOMENT = 'YYYY-MM-DD"T"HH24:MI:SS.US';

/**
 * The fill-gate reasons for the cylinder with `code` and the gas `materialId`, read inside `db` (pass the
 * transaction of the pick or fill that asks, after locking the cylinder).
 */
export async function fillGateFor(db: Kysely<DB>, code: string, materialId: number, who: GateWho = {}): Promise<{ reasons: GateReason[]; gas: GateGasFacts; fill: GateFillFacts }> {
  const { reasons, gas, fill } = await fillGateWithCylinder(db, code, materialId, who);
  return { reasons, gas, fill };
}

/** Who asks: the operator (the certificate rule) and the workstation (a suspension of it). */
export interface GateWho {
  operatorId?: number | null;
  workstation?: string | null;
}

/** What the gate's statement also reads for the filling scale's cycle (FillPreview): see fillPreview in production.service. */
export interface GateFillFacts {
  targetNetKg: number | null;
  toleranceKg: number | null;
  maxMinutes: number;
  interrupted: OpenInterruption | null;
  suspended: Suspension | null;
}

/** What the fill needs to know of the gas being filled, read in the gate's statement. */
export interface GateGasFacts {
  materialName: string;
  category: string;
  targetNetWeight: number | null;
}

/** The gate's reasons and the cylinder as a station shows it (CylinderBrief), read in one statement. */
export async function fillGateWithCylinder(db: Kysely<DB>, code: string, materialId: number, who: GateWho = {}) {
  const [row] = (await gateStatement(db, { code, materialId, operatorId: who.operatorId ?? null, workstation: who.workstation ?? null })).rows;
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
  const cert = row.operatorCert;
  const operator: OperatorFacts | null = who.operatorId ? {
    required: row.certRule === true, name: cert?.name ?? null, certNo: cert?.no ?? null, certExpiry: cert?.expiry ?? null, categories: cert?.categories ?? [],
  } : null;
  const options = { vacuumSince: row.vacuumSince, inspectionRecordedAt: row.inspectionRecordedAt, vacuumRequired: row.vacuumRule, operator, gasCategory: row.gasCategory };
  const fill: GateFillFacts = {
    targetNetKg: row.gasTarget, toleranceKg: row.gasTolerance, maxMinutes: Number(row.fillMaxMinutes),
    interrupted: row.interruption ? { ...row.interruption, netKg: row.interruption.netKg === null ? null : Number(row.interruption.netKg) } : null,
    suspended: row.suspension,
  };
  return {
    cylinder: brief, reasons: fillGateReasons(row, gas, today(), options),
    gas: { materialName: row.gasName, category: row.gasCategory ?? '', targetNetWeight: row.gasTarget }, fill,
  };
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

/**
 * The suspension of filling (停止充装) that applies to `materialId` at `workstation`, as a Suspension (json), null
 * when none: the plant's before the gas's before the station's. The rows in force are few (a partial index).
 */
export function suspensionFor(materialId: RawBuilder<unknown>, workstation: RawBuilder<unknown>): RawBuilder<Suspension | null> {
  return sql<Suspension | null>`(select json_build_object('scope', s.scope, 'workstation', s.workstation, 'materialId', s.material_id,
      'materialName', sm.material_name, 'reason', s.reason, 'by', s.by_name, 'at', to_char(s.at, 'YYYY-MM-DD HH24:MI:SS'))
    from fill_suspensions s left join materials sm on sm.id = s.material_id
    where s.lifted_at is null and (s.scope = 'plant' or (s.scope = 'gas' and s.material_id = ${materialId})
      or (s.scope = 'station' and s.workstation = ${workstation}))
    order by case s.scope when 'plant' then 0 when 'gas' then 1 else 2 end limit 1)`;
}

function gateQuery(db: Kysely<DB>, code: string, materialId: number, who: { operatorId: number | null; workstation: string | null }) {
  return gateFacts(db)
    // The gas being filled, in the same statement (this runs twice per filled cylinder: scan and fill).
    .leftJoin('materials as g', (j) => j.on('g.id', '=', materialId))
    .select([
      'g.id as gasId', 'g.material_name as gasName', 'g.category as gasCategory', 'g.flammable as gasFlammable', 'g.design_life_years as gasLife',
      'g.extended_life_years as gasExtendedLife', ownerName('c').as('ownerName'),
      sql<number | null>`g.target_net_weight::float8`.as('gasTarget'), sql<number | null>`g.weight_tolerance::float8`.as('gasTolerance'),
      // The filling scale's cycle (FillPreview) and what holds a fill back, in the same statement (one round trip per scan).
      ruleNumber('fillMaxMinutes').as('fillMaxMinutes'),
      ruleFlag('fillerCertRequired').as('certRule'),
      sql<{ name: string | null; no: string | null; expiry: string | null; categories: string[] } | null>`(select json_build_object(
        'name', u.name, 'no', u.filler_cert_no, 'expiry', to_char(u.filler_cert_expiry, 'YYYY-MM-DD'), 'categories', u.filler_cert_categories)
        from users u where u.id = ${who.operatorId})`.as('operatorCert'),
      sql<OpenInterruption | null>`(select json_build_object('reason', i.reason, 'netKg', i.net_kg, 'at', to_char(i.created_at, 'YYYY-MM-DD HH24:MI:SS'),
        'operator', i.operator, 'workstation', i.workstation) from fill_interruptions i where i.cylinder_id = c.id and i.closed_at is null)`.as('interruption'),
      suspensionFor(sql`${materialId}::int`, sql`${who.workstation}::text`).as('suspension'),
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
    'm.flammable as gasFlammable', 'm.design_life_years as gasLife', 'm.extended_life_years as gasExtendedLife', 'm.category as gasOwnCategory',
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
      category: r.gasOwnCategory,
    },
    { vacuumSince: r.vacuumSince, inspectionRecordedAt: r.inspectionRecordedAt, vacuumRequired: r.vacuumRule },
  ));
}

/** The gate's statement, built once (it runs twice per filled cylinder). */
const gateStatement = precompiled(
  (db, a: { code: string; materialId: number; operatorId: number | null; workstation: string | null }) => gateQuery(db, a.code, a.materialId, a),
  ['code', 'materialId', 'operatorId', 'workstation'],
);
