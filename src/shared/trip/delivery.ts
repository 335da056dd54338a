/**
 * The rules of a driver's acts at a stop (issue 37), judged by the server and by the field app on its copy of the
 * trip while offline: the same words on both sides. Pure: no I/O.
 */

/** What the judge reads of a stop. */
export interface StopFact {
  id: number;
  seq: number;
  customerName: string;
  /** 1 once its proof of delivery is taken. */
  status: number;
}

/** What the judge reads of a cylinder that left on the trip. */
export interface TripCylinderFact {
  code: string;
  stopId: number;
  /** onBoard, delivered, unloaded, missing (shared/api/trip.ts TRIP_CYLINDER_OUTCOMES). */
  outcome: string;
}

export type DeliveryVerdict =
  | { kind: 'deliver' }
  /** Already handed over at this stop: the scan changes nothing (a repeat). */
  | { kind: 'repeat'; message: string }
  | { kind: 'refuse'; message: string };

const stopName = (s: StopFact) => `第 ${s.seq} 站「${s.customerName}」`;

/**
 * 交付 of `code` at `stop`: it must have left on this trip, be meant for this stop's customer, and still be on board.
 * A stop whose proof is taken is closed: nothing more is handed over there.
 */
export function judgeDelivery(code: string, stop: StopFact, stops: readonly StopFact[], cylinders: readonly TripCylinderFact[]): DeliveryVerdict {
  const c = cylinders.find((x) => x.code === code);
  if (!c) return { kind: 'refuse', message: `气瓶 ${code} 不在本车次的装车清单上，不能交付` };
  if (c.stopId !== stop.id) {
    const its = stops.find((s) => s.id === c.stopId);
    return { kind: 'refuse', message: `气瓶 ${code} 是${its ? stopName(its) : '其他站点'}的，不能交给${stopName(stop)}` };
  }
  if (c.outcome === 'delivered') return { kind: 'repeat', message: `气瓶 ${code} 已交付给「${stop.customerName}」` };
  if (c.outcome === 'unloaded') return { kind: 'refuse', message: `气瓶 ${code} 已回厂卸车，不能交付` };
  if (stop.status === 1) return { kind: 'refuse', message: `${stopName(stop)}已签收，不能再交付气瓶 ${code}` };
  return { kind: 'deliver' };
}

/**
 * What a take-back of an empty at a stop will be: a plain recovery when the records have it at this customer, a forced
 * return (the discrepancy recorded) otherwise. The server decides on the records; offline the stop's holdings tell.
 */
export function pickupForced(code: string, holdings: readonly string[]): boolean {
  return !holdings.includes(code);
}

/** The cylinders of a stop still on board: each needs a reason (差异原因) before the proof is taken. */
export function unexplained(stop: StopFact, cylinders: readonly TripCylinderFact[], explained: readonly string[]): string[] {
  return cylinders.filter((c) => c.stopId === stop.id && c.outcome === 'onBoard' && !explained.includes(c.code)).map((c) => c.code);
}

/** The refusal of a proof that leaves cylinders on board unexplained. */
export const unexplainedMessage = (stop: StopFact, codes: readonly string[]): string =>
  `${stopName(stop)}还有 ${codes.length} 只气瓶既未交付也未说明差异原因：${codes.slice(0, 10).join('、')}${codes.length > 10 ? ' 等' : ''}`;
