import type { Kysely } from 'kysely';
import type { FillingBody, InspectionResultBody, ReweighBody, PickBody, ScanResult, VacuumBody } from '@shared/api/production';
import type { RecordKey } from '@shared/api/setting';
import type { PermissionKey } from '@shared/menus';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../lib/errors';
import { recordFieldsRead, requireRecordFields } from '../setting';
import { runTransition } from './engine';
import * as t from './production.transitions';
import type { Actor, Target, Transition } from './transition';

/**
 * The checks a production scan makes beyond its route's own key, as plain values: the route gives the caller's,
 * a supervisor's 重新扫描 those of the operator who made the kept scan.
 */
export interface ScanChecks {
  /** Throws unless the one who scans holds `key`. */
  require: (key: PermissionKey) => Promise<void>;
  /** Whether 系统规则 allows a typed weight. */
  manualWeightAllowed: () => Promise<boolean>;
}

/** A typed weight is allowed only where the plant's rules allow it and with its own key; the record says it was typed. */
async function allowTypedWeight(checks: ScanChecks): Promise<void> {
  if (!(await checks.manualWeightAllowed())) throw new BusinessError('系统规则不允许手工录入重量，请使用电子秤读数');
  await checks.require('produce:manualWeight');
}

/**
 * The act with its 记录内容设置 check read and made in the transaction's first statement (Target.first), before
 * anything else of it. A body the transition refuses as it is built is checked the old way first, so a body
 * with both faults is refused for the missing field, as before.
 */
async function withRecordFields(db: Kysely<DB>, record: RecordKey, body: Target & object, make: () => Transition) {
  let def: Transition;
  try {
    def = make();
  } catch (error) {
    await requireRecordFields(db, record, body);
    throw error;
  }
  return { def, target: { ...body, first: recordFieldsRead(record, body) } };
}

/** The production calls a station may keep through an outage (src/shared/api/offline.ts KEPT_CALLS), by path. */
export const PRODUCTION_SCANS = {
  '/api/produce/addPicking': async (db: Kysely<DB>, body: PickBody, actor: Actor) => runTransition(db, t.pick(body.materialId, actor), body, actor),
  '/api/produce/filling': async (db: Kysely<DB>, body: FillingBody, actor: Actor, checks: ScanChecks) => {
    // A typed weight (not read from the filling scale) needs the rules' leave and its own key, as at re-weighing.
    if (typeof body.filledWeight === 'number' && body.source !== 'scale') await allowTypedWeight(checks);
    const { def, target } = await withRecordFields(db, 'FILLING', body, () => t.fill(body, actor));
    return runTransition(db, def, target, actor);
  },
  '/api/produce/testResult': async (db: Kysely<DB>, body: InspectionResultBody, actor: Actor) => {
    const { def, target } = await withRecordFields(db, 'INSPECTION', body, () => t.inspect(body));
    return runTransition(db, def, target, actor);
  },
  '/api/produce/metage': async (db: Kysely<DB>, body: ReweighBody, actor: Actor, checks: ScanChecks) => {
    if (body.source === 'manual') await allowTypedWeight(checks);
    const { def, target } = await withRecordFields(db, 'REWEIGH', body, () => t.metage(body));
    return runTransition(db, def, target, actor);
  },
  '/api/produce/vacuum': async (db: Kysely<DB>, body: VacuumBody, actor: Actor) => runTransition(db, t.vacuum(body), body, actor),
} as const satisfies Record<string, (db: Kysely<DB>, body: never, actor: Actor, checks: ScanChecks) => Promise<ScanResult>>;

export type ProductionScanPath = keyof typeof PRODUCTION_SCANS;

/** One kept production call run again (重新扫描): the body has been checked against the call's schema. */
export function runProductionScan(db: Kysely<DB>, path: ProductionScanPath, body: unknown, actor: Actor, checks: ScanChecks): Promise<ScanResult> {
  const run = PRODUCTION_SCANS[path] as (db: Kysely<DB>, body: unknown, actor: Actor, checks: ScanChecks) => Promise<ScanResult>;
  return run(db, body, actor, checks);
}
