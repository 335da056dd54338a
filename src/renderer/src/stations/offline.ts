import type { ComponentType, ReactNode } from 'react';
import type { Verdict } from './useStation';

/** The stations that keep working when the server is away (issue "offline stations"). */
export type StationName = 'pick' | 'fill' | 'inspect' | 'metage' | 'vacuum' | 'inStock' | 'outbound' | 'recover' | 'field';

/** What a station's offline rule answers when the local checks allow the scan: the call to keep and send later. */
export interface OfflineScan {
  station: StationName;
  /** The API path without /api (as the HTTP client takes it), e.g. /produce/filling. */
  url: string;
  /** The body the online scan would have sent, with its scanId. */
  body: Record<string, unknown>;
  /** The station's operator field. */
  operator?: string;
  /** What was measured, in words (shown with 已暂存). */
  note?: string;
  /** 出库扫描: the order and the line the scan is counted on locally. */
  orderId?: number;
  lineKey?: string;
}

/**
 * A station's offline rule (see Station.run): when the server cannot be reached, it checks the scan against
 * the local copy and answers a refusal, the call to keep (已暂存), or null when the copy cannot tell.
 * features/offline builds them (stationRule, inspectionRule); the kit only calls them.
 */
export type OfflineRule = (scanId: string) => Promise<OfflineScan | Verdict | null>;

/** A scan the kit hands over to be kept on this PC: the rule's call, with who scanned what, where and when. */
export interface KeptScan extends OfflineScan {
  scanId: string;
  code: string;
  /** The station's time of the scan (ISO). */
  at: string;
  operator: string;
  userName: string;
  workstation: string;
}

/**
 * The offline half of a station, which the kit calls and features/offline implements (its public file
 * provides it when the feature loads): the local queue, the pacing of the local copy, the station header.
 * The connection state is the kit's own (./connectivity).
 */
export interface StationOffline {
  /** Whether a scan of this cylinder waits on this PC (a new one then goes behind it). */
  waiting(code: string): Promise<boolean>;
  /** Keeps the scan on this PC and has it sent when the server answers again. */
  keep(scan: KeptScan): Promise<void>;
  /** A scan starts (true) or ends (false): the local copy's background work gives way meanwhile. */
  scanning(active: boolean): void;
  /** The station's header (connection, waiting scans, exceptions). */
  Header: ComponentType<{ children?: ReactNode }>;
}

/** Without the offline feature: nothing kept (a scan without an answer stays 'lost' with 重试). */
const NONE: StationOffline = {
  waiting: () => Promise.resolve(false),
  keep: () => Promise.reject(new Error('no offline queue')),
  scanning: () => undefined,
  Header: ({ children }) => children,
};

let provided: StationOffline = NONE;

/** Sets the stations' offline half (features/offline does, once, when it loads). */
export function provideStationOffline(offline: StationOffline): void {
  provided = offline;
}

/** The stations' offline half as provided. */
export const stationOffline = (): StationOffline => provided;
