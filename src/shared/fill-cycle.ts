/**
 * The fill cycle at the filling scale (issue 34): the contract between the 充装 station (renderer) and the device
 * side that holds the filling permission (the desktop main process over IPC, or the local device agent over HTTP
 * for a browser station). The device side owns the permission relay and the fail-safes; the station asks the server
 * (the gate, the record) and shows what the device side reports. Types only: no I/O.
 */

/** A permission relay: one coil of a Modbus RTU relay board on a serial port (RS-485 / USB-serial). */
export interface RelayConfig {
  /** The name the station's settings refer to, e.g. 充装1号阀. */
  name: string;
  /** Serial port path, e.g. COM4 or /dev/ttyUSB1. */
  path: string;
  baudRate: number;
  /** Modbus unit (slave) id, 1–247. */
  unitId: number;
  /** Coil address (0-based) that drives the contact. */
  coil: number;
  /**
   * The contact is normally open (true, the safe wiring: energised coil = filling allowed). With false the coil is
   * written inverted (coil off = allowed) — only for boards wired that way; documented as the weaker choice.
   */
  normallyOpen: boolean;
  /**
   * Seconds of the board's own watchdog (the relay "flash"/timed-on mode): the device side re-arms it while a fill
   * runs, so a crashed PC or a killed agent releases the contact by itself within this time. 0 = the board has none.
   */
  watchdogSeconds: number;
}

/** The fill parameters a station keeps beside its scale (设备设置). */
export interface FillStationConfig {
  /** The scale's serial path (ScaleConfig.path) the fill reads. */
  scale: string;
  /** The relay's name (RelayConfig.name) that grants the permission. */
  relay: string;
  /** kg the station withdraws the permission early (gas still in the hose and valve: the in-flight allowance). */
  allowanceKg: number;
  /** Seconds without a scale reading after which the permission is withdrawn. */
  silenceSeconds: number;
}

/** Sent to the device side when the gate allowed the cylinder. */
export interface FillStartRequest {
  /** The station's scanId of this fill: one cycle per id, a repeated start of the same id answers the same cycle. */
  fillId: string;
  code: string;
  scale: string;
  relay: string;
  /** kg: the cylinder's tare (the gross weight at which the net is 0). */
  tareKg: number;
  /** kg: the gas's target net weight. */
  targetNetKg: number;
  /** kg: withdraw the permission at targetNetKg − allowanceKg. */
  allowanceKg: number;
  /** kg: above targetNetKg + toleranceKg the fill is an overfill (超装). */
  toleranceKg: number;
  /** Longest fill (系统规则 单次充装最长时长), seconds. */
  maxSeconds: number;
  /** No reading for this long → the permission is withdrawn. */
  silenceSeconds: number;
}

export const FILL_PHASES = ['filling', 'settling', 'done', 'aborted'] as const;
/** filling: permission granted, weight rising; settling: permission withdrawn at target, waiting for a stable weight; done / aborted: final. */
export type FillPhase = (typeof FILL_PHASES)[number];

export const FILL_END_REASONS = ['target', 'overfill', 'scaleSilent', 'cancelled', 'timeout', 'stationLost', 'suspended', 'relayError'] as const;
/** Why the permission was withdrawn. 'target' ends a good fill; every other reason is an interrupted fill (or an overfill). */
export type FillEndReason = (typeof FILL_END_REASONS)[number];

/** What the device side reports about a cycle (polled by the station; each poll is also the station's heartbeat). */
export interface FillState {
  fillId: string;
  code: string;
  phase: FillPhase;
  /** Set when the permission was withdrawn. */
  reason: FillEndReason | null;
  scale: string;
  relay: string;
  /** The latest reading, kg (null before the first). */
  grossKg: number | null;
  netKg: number | null;
  stable: boolean;
  tareKg: number;
  targetNetKg: number;
  /** ISO timestamps. */
  grantedAt: string;
  releasedAt: string | null;
  /** Words for the operator when something failed (relay not answering, scale silent). */
  message: string | null;
}

/** A station that stops polling for this long is gone (closed, crashed, lost the agent): the permission is withdrawn. */
export const FILL_HEARTBEAT_SECONDS = 3;
