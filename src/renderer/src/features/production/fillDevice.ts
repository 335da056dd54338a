import type { FillEndReason, FillStartRequest, FillState, FillStationConfig } from '@shared/fill-cycle';

/**
 * The 充装 station's side of the fill cycle's device half (src/shared/fill-cycle.ts): the permission relay and the
 * filling scale, held by the desktop main process (IPC) or the local device agent (HTTP). This file is the
 * station's one boundary to them — the renderer tests fake it here — and delegates to the devices client.
 */
export interface FillDevice {
  start(request: FillStartRequest): Promise<FillState>;
  /** Each poll is also the station's heartbeat (FILL_HEARTBEAT_SECONDS). */
  state(fillId: string): Promise<FillState>;
  cancel(fillId: string, reason: FillEndReason): Promise<FillState>;
}

const missing = (): Promise<never> => Promise.reject(new Error('本机没有充装控制（设备设置）'));

/** Replaced by the devices client when the device half is merged. */
export const fillDevice: FillDevice = {
  start: missing,
  state: missing,
  cancel: missing,
};

/** The station's fill configuration (设备设置: scale, relay, allowance, silence), or null when it has none. */
export function useFillConfig(): FillStationConfig | null {
  return null;
}
