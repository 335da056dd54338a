import type { OfflineStation } from './db';

/** What a station's offline rule answers when the local checks allow the scan: the call to keep and send later. */
export interface OfflineScan {
  station: OfflineStation;
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
