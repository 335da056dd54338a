import { serverModule } from '../module';
import { productionRoutes } from './production.routes';

/**
 * The cylinder's life: the one engine every status change goes through, the declared transitions
 * (production and storage), the fill gate, the trace and its reads. Other modules use what is exported
 * here and nothing else (tests/server/module-boundaries.test.ts).
 */
export const module = serverModule('cylinder', productionRoutes);

// The engine: a declared transition on one cylinder, in its own transaction or the caller's.
export { runTransition, runTransitionIn, wrongStatus } from './engine';
export type { Actor, LockedCylinder, Target, Transition } from './transition';
export { scrap } from './production.transitions';
// The production scans a station may keep through an outage, run again by a supervisor's 重新扫描.
export { PRODUCTION_SCANS, runProductionScan, type ProductionScanPath, type ScanChecks } from './production.scans';
export {
  asOrderLine, outboundScan, recover, removeFromOrder, shipOrder, stockIn, type LineState, type OrderContext, type OrderItem,
} from './storage.transitions';
// 客户盘点: the cylinders an audit is about (locked), 盘点发现 (moved to the counting customer) and 盘点未见.
export { auditFound, auditMissing, auditPlaceWords, lockAuditCylinders, type AuditCylinder, type AuditRef } from './audit.transitions';

// The fill gate as a preview (气瓶档案 asks it for a cylinder and a gas).
export { fillGateFor } from './fill-gate.repository';
// The gate facts a station keeps (the offline feed): the gate's own selection, reduced by the shared gateFactsOf.
export { stationFacts, type StationFactsWhere } from './fill-gate.repository';
export { designLife } from './fill-gate';

// The trace: events that change no status, and its reads.
export { appendTraces, listTraces, movementCount, removeRegistered, scanRecorded, type TraceInput } from './trace.repository';
export { briefByCode, storageTrace, inspectionRecordByTrace } from './trace.queries';

// Where a cylinder is (shared/cylinder/place.ts): one cylinder's place (cylinderPlace), the same in SQL for lists and counts, and in words (placeWords, the transition table's).
export { placeWords } from '@shared/cylinder/transitions';
export { cylinderPlace, type CylinderPlace } from './place.sql';
export { heldBy, heldWarehouseSql, placeSql, whereColumns } from './place.sql';
export { gasOf, inspectionItemsByGas } from './production.repository';
// A cylinder's register and a trace event's detail as a report to the regulator reads them.
export { cylinderRegister, specificationsInUse, traceDetail, type CylinderRegister } from './report.queries';
// A fill with its own inspection and re-weigh, as documents list them.
export { fillOutcomes, type CylinderFill, type FillOutcome, type FillsOf } from './fill-outcomes';
export { openOrderOf } from './storage.repository';
export { statusLabel } from './status';
// The read door: the life cycle's records, trace and counts as other modules read them (reads.queries.ts).
export { countInStatus, countsByStatus, heldCodes, lastEventAt, lastFillDay, lastItemAt } from './reads.queries';
export {
  itemsEver, lastInOrderOf, lastOutOrderOf, materialTest, orderDetail, orderItems, recoveries, standingCount, standingItems,
} from './order-items.queries';
export { countsByBucket, dueCounts, fillsBySpec, longOutCount, stockByWarehouse, topHolders, type Span } from './counts.queries';
export { dailyCounts, deliveryRows } from './daily.queries';
export { countFills, cylinderFill, holders, outboundOperators, recallRows, type FillChoice, type HolderCell } from './fills.queries';
export { eventsAfter, lastEventOf, readSettledMark, type MarkRow } from './feed.queries';
// The register's rows and master data written outside the engine (no status), and who names a warehouse or enterprise.
export {
  enterpriseCylinders, insertCylinders, recomputeNextInspections, releaseScrapped, setInspectionDates, setValve, warehouseCylinders,
  type CylinderValues,
} from './register.repository';
// The road (issue 37): a cylinder delivered from a trip's vehicle, unloaded back, or missing when the trip closes.
export { deliver, markTripMissing, unload, type TripAt } from './trip.transitions';
// 配送到户 (瓶装液化气实名制): a cylinder at a distributor handed to one of its household users (an event, no status change).
export { householdDeliver, type HouseholdDelivered, type HouseholdHandOver } from './household.transitions';
// 租赁结算 (issue 38): the custody record — who held each cylinder from when to when, each end a trace event.
export {
  custodyInMonth, customersWithCustody, heldNow, streamCustody, type CustodyRow, type CustodySpan, type HeldRow,
} from './custody.queries';
