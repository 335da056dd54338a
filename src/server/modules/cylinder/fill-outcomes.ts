import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { fillOutcomeRows } from './fill-outcomes.queries';

type Db = Kysely<DB>;

export interface FillInspection { at: string; passed: boolean; items: unknown; operator: string | null }
export interface FillWeigh {
  at: string; gross: number; net: number; target: number; tolerance: number; deviation: number; passed: boolean; operator: string | null;
}

/** One standing fill with the inspection and re-weigh that followed it (before the cylinder's next standing fill). */
export interface FillOutcome {
  fillId: number;
  at: string;
  lotNo: string | null;
  gasName: string;
  weight: number | null;
  pressure: number | null;
  operator: string | null;
  workstation: string | null;
  /** The fill's gas asks for a re-weigh after filling. */
  reweighRequired: boolean;
  inspection: FillInspection | null;
  weigh: FillWeigh | null;
}

/** A cylinder a document lists, with the fill it lists it for (null when the cylinder has no standing fill there). */
export interface CylinderFill { cylinderId: number; code: string; fill: FillOutcome | null }

/**
 * Which fills: every standing fill recorded with a lot number (the recall's choice of a lot: same predicate, index
 * filling_records_lot_idx); the fill each cylinder of an outbound order carried when it was scanned onto it (its
 * last standing fill before that scan); a cylinder's last standing fill.
 */
export type FillsOf = { lotNo: string } | { orderId: number } | { cylinderId: number };

/**
 * The chosen fills in document order (fill order for a lot, scan order for an order), each with its own
 * inspection and re-weigh: the newest standing one after the fill and before the cylinder's next standing fill,
 * null while there is none. One (cylinder_id, id) probe per record table and fill.
 */
export async function fillOutcomes(db: Db, c: FillsOf): Promise<CylinderFill[]> {
  const rows = await fillOutcomeRows(db, c);
  return rows.map((r) => ({
    cylinderId: r.cylinderId,
    code: r.code,
    fill: r.fillId === null ? null : {
      fillId: Number(r.fillId), at: r.at, lotNo: r.lotNo, gasName: r.gasName, weight: r.weight, pressure: r.pressure,
      operator: r.operator, workstation: r.workstation, reweighRequired: r.reweighRequired,
      inspection: r.testAt === null ? null : { at: r.testAt, passed: r.testResult === 1, items: r.testItems, operator: r.testOperator },
      weigh: r.weighAt === null ? null : {
        at: r.weighAt, gross: r.gross, net: r.net, target: r.target, tolerance: r.tolerance, deviation: r.deviation, passed: r.weighPassed,
        operator: r.weighOperator,
      },
    },
  }));
}
