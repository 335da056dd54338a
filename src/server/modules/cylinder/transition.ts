import type { RawBuilder, Transaction, Updateable } from 'kysely';
import type { ScanResult } from '@shared/api/production';
import type { LifecycleAction } from '@shared/lifecycle';
import type { DB } from '../../db/schema';
import type { Gas, ProjectRow } from './production.repository';

import type { Actor } from '../../lib/access';

export type { Actor };

/** The locked cylinder row a transition reads. */
export interface LockedCylinder {
  id: number;
  code: string;
  status: number;
  material_id: number;
  specification: string | null;
  tare_weight: string | null;
  last_filled_at: Date | null;
  warehouse_id: number | null;
  /** 抽真空 or 分析处理 left it in the filling workshop (shared/cylinder/place.ts). */
  in_workshop: boolean;
  location_enterprise_id: number | null;
  /** Since when its holder holds it: read so that an event moving it keeps it in detail.before (a rollback puts it back). */
  located_since: Date | null;
  /** The trip whose vehicle holds it (0037): shipped on a trip and not yet handed over. */
  on_trip_id: number | null;
  scrap_reason: string | null;
  scrapped_at: Date | null;
  scrapped_by: string | null;
  /** 'YYYY-MM-DD' */
  last_inspection_date: string | null;
  next_inspection_date: string | null;
  /** Read with the lock when the transition asks for it (Transition.lockRead): its gas, as production.repository's gasOf reads it. */
  gas?: Gas;
  /** Likewise its gas's standing test projects, in their order (as inspectionItemsOf reads them). */
  projects?: ProjectRow[];
}

/** The newest event of the cylinder that is not undone and not itself a rollback. */
export interface LastEvent {
  id: number;
  action: string;
  /** Who did it and when it happened (its station time unless flagged, else its server time): a repeat names them. */
  operator: string | null;
  done_at: Date;
  from_status: number | null;
  to_status: number;
  record_type: string | null;
  record_id: number | null;
  detail: unknown;
}

/** Cylinder columns a transition may set besides its status (their old values go into the trace, for rollback). */
export type CylinderPatch = Partial<Pick<Updateable<DB['cylinders']>, 'last_filled_at' | 'located_since' | 'warehouse_id' | 'in_workshop' | 'location_enterprise_id' | 'on_trip_id' | 'scrap_reason' | 'scrapped_at' | 'scrapped_by' | 'last_inspection_date' | 'next_inspection_date'>>;

/** What a transition does once its checks passed. */
export interface Outcome {
  to: number;
  /** The action recorded when the outcome decides it (检验 → testPass or testFail). */
  action?: LifecycleAction;
  patch?: CylinderPatch;
  /** A record written with the event: its table and the row without the columns the engine fills. */
  record?: { table: RecordTable; values: Record<string, unknown> };
  detail?: Record<string, unknown>;
  message?: string;
  extra?: Pick<ScanResult, 'failedItems' | 'net' | 'deviation'> & Record<string, unknown>;
}

export type RecordTable = 'filling_records' | 'test_records' | 'weighing_records' | 'vacuum_records' | 'analysis_records'
  | 'storage_order_items' | 'recovery_records' | 'fill_interruptions';
export const RECORD_TYPE: Record<RecordTable, string> = {
  filling_records: 'filling', test_records: 'test', weighing_records: 'weighing', vacuum_records: 'vacuum', analysis_records: 'analysis',
  storage_order_items: 'order', recovery_records: 'recovery', fill_interruptions: 'fillInterruption',
};
export const RECORD_TABLE_OF: Record<string, RecordTable> = Object.fromEntries(Object.entries(RECORD_TYPE).map(([t, r]) => [r, t as RecordTable]));

/**
 * One action of DOMAIN.md's transition table, declared once: where it may start, when a scan counts as
 * already done, what it checks, and what it writes.
 */
export interface Transition {
  action: LifecycleAction;
  /** How messages name the step (领瓶, 检验, …); the action's own name when absent. */
  label?: string;
  /** A refusal in the action's own words, checked before the status (报废 of a scrapped cylinder). */
  precheck?: (c: LockedCylinder) => string | null;
  /** Statuses it may start from. */
  from: readonly number[];
  /** The refusal for a status outside `from`, in the action's own words (where the cylinder is); the engine's wrongStatus when absent. */
  refuseStatus?: (trx: Transaction<DB>, c: LockedCylinder) => Promise<string>;
  /** A scan counts as already done when the cylinder is in one of these statuses and its newest event is one of `actions`. */
  done?: { statuses: readonly number[]; actions: readonly string[] };
  /**
   * Reasons to refuse beyond the status (each names the cylinder). `last` reads the newest standing event
   * (lastTransition) on first call only: most transitions never need it, so the engine does not read it for them.
   */
  check?: (trx: Transaction<DB>, c: LockedCylinder, last: () => Promise<LastEvent | null>) => Promise<string[]>;
  apply: (trx: Transaction<DB>, c: LockedCylinder, last: () => Promise<LastEvent | null>) => Promise<Outcome>;
  /** What the locking read also brings, for check and apply (engine.repository LockRead). */
  lockRead?: 'gas' | 'projects';
  /**
   * Times the body brings from the station's clock (a fill's start and end), judged with the station's time against
   * the plant's bounds (station-time.ts); flagged ones are left out of the record's `columns`.
   */
  times?: { startedAt: Date | null; endedAt: Date | null; columns: readonly string[] };
  /** What this scan measured, in words (充装量（14.6 kg）): a repeat says it was not recorded. */
  measured?: string | null;
}

/**
 * A read made in the transition's first statement (with its settings and scanId claim) and checked before
 * anything else of the transition: a station's record settings (记录内容设置) the act must meet.
 */
export interface FirstRead {
  read: RawBuilder<unknown>;
  /** Throws the refusal (the transaction is rolled back). */
  check: (value: unknown) => void;
}

export interface Target {
  code?: string;
  id?: number;
  scanId?: string | null;
  /**
   * Runs after the scanId claim and before the cylinder lock: a call that also locks something else (the
   * order a cylinder is scanned onto) takes that lock first, in the same order as every other call that
   * takes both.
   */
  prepare?: (trx: Transaction<DB>) => Promise<void>;
  /** Completes the answer (a repeat too) before it is stored for the scanId: an order's line progress. */
  finish?: (trx: Transaction<DB>, result: ScanResult) => Promise<ScanResult>;
  /** Read and checked in the transaction's first statement (see FirstRead). */
  first?: FirstRead;
}

