import { useEffect, useState } from 'react';
import type { FillStartRequest, FillState, FillStationConfig } from '@shared/fill-cycle';
import { cancelFill, fillState, fillStations, startFill } from '@renderer/devices/devices';

/** What the station may ask the device side to end a fill with (the others are the device side's own fail-safes). */
export type StationCancel = 'cancelled' | 'suspended';

/**
 * The 充装 station's side of the fill cycle's device half (src/shared/fill-cycle.ts): the permission relay and the
 * filling scale, held by the desktop main process (IPC) or the local device agent (HTTP). This file is the
 * station's one boundary to them — the renderer tests replace `fillDevice`'s calls — and delegates to the devices client.
 */
export interface FillDevice {
  start(request: FillStartRequest): Promise<FillState>;
  /** Each poll is also the station's heartbeat (FILL_HEARTBEAT_SECONDS). */
  state(fillId: string): Promise<FillState>;
  cancel(fillId: string, reason: StationCancel): Promise<FillState>;
  /** This workstation's filling points. */
  stations(): Promise<FillStationConfig[]>;
}

/** The calls the station makes, on one object (renderer tests put their own in its place and restore it). */
export const fillDevice: FillDevice = { start: startFill, state: fillState, cancel: cancelFill, stations: fillStations };

/**
 * This workstation's filling point (设备设置 in the desktop app, the device agent's configuration in a browser): the
 * first one configured, or null when there is none (or no agent answers) — the station then works as before.
 */
export function useFillConfig(): FillStationConfig | null {
  const [config, setConfig] = useState<FillStationConfig | null>(null);
  useEffect(() => {
    let live = true;
    fillDevice.stations().then((list) => live && setConfig(list[0] ?? null), () => live && setConfig(null));
    return () => {
      live = false;
    };
  }, []);
  return config;
}
