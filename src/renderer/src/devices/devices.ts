import { useEffect, useState } from 'react';
import type { LabelJob, PrintResult, ScaleReadingEvent } from '@shared/devices';
import type { FillStartRequest, FillState, FillStationConfig } from '@shared/fill-cycle';
import { t } from '@renderer/i18n/i18n';
import {
  AgentUnreachableError,
  cancelFillThroughAgent,
  fillStateThroughAgent,
  fillStationsThroughAgent,
  printJobThroughAgent,
  savedAgentUrl,
  scaleLatestThroughAgent,
  startFillThroughAgent,
} from './agentClient';

/**
 * A device failure in words an operator can act on: the desktop shell's IPC wrapper
 * ("Error invoking remote method …: Error: ") is dropped, an unreachable print agent says to start it.
 */
export function deviceErrorText(err: unknown): string {
  if (err instanceof AgentUnreachableError) return t('machine.agentDownHint');
  const message = err instanceof Error ? err.message : String(err);
  return message.replace(/^Error invoking remote method '[^']*': (?:\w*Error: )?/, '');
}

/** A failed print: what went wrong, then what to check. */
export const printFailureText = (err: unknown): string =>
  `${t('machine.printFailed', { reason: deviceErrorText(err) })}${err instanceof AgentUnreachableError ? '' : t('machine.printCheck')}`;

/**
 * Devices for business screens (filling, re-weighing, label printing): one call that works in the
 * desktop app (IPC to main) and in a plain browser (the local print agent on this PC).
 */
export function printLabel(job: LabelJob): Promise<PrintResult> {
  if (window.api) return window.api.devicesPrintLabel(job);
  return printJobThroughAgent(savedAgentUrl(), job);
}

/** The latest reading of the scale on `path` (any scale when omitted); null in a browser or before one arrives. */
export function useScaleReading(path?: string): ScaleReadingEvent | null {
  const [reading, setReading] = useState<ScaleReadingEvent | null>(null);
  useEffect(() => {
    if (!window.api) return;
    return window.api.on('devices:scaleReading', (r) => {
      if (!path || r.path === path) setReading(r);
    });
  }, [path]);
  return reading;
}

/**
 * The fill cycle at the filling scale (issue 34, @shared/fill-cycle): the same calls in the desktop app (IPC to main)
 * and in a browser (the local device agent). Call startFill only after the gate allowed the cylinder; poll fillState
 * at least every FILL_HEARTBEAT_SECONDS (3 s) — each poll is the heartbeat, a station that stops polling loses the
 * permission ('stationLost'). Refusals come back as rejected promises with the device side's Chinese message.
 */
export function startFill(request: FillStartRequest): Promise<FillState> {
  if (window.api) return window.api.fillStart(request);
  return startFillThroughAgent(savedAgentUrl(), request);
}

export function fillState(fillId: string): Promise<FillState> {
  if (window.api) return window.api.fillState(fillId);
  return fillStateThroughAgent(savedAgentUrl(), fillId);
}

export function cancelFill(fillId: string, reason: 'cancelled' | 'suspended' = 'cancelled'): Promise<FillState> {
  if (window.api) return window.api.fillCancel(fillId, reason);
  return cancelFillThroughAgent(savedAgentUrl(), fillId, reason);
}

/** This workstation's filling points (scale, relay, allowance, silence) from 设备设置 or the agent's configuration. */
export async function fillStations(): Promise<FillStationConfig[]> {
  if (window.api) {
    // A bridge without the filling calls (an older preload) means no filling point, not a broken screen.
    if (typeof window.api.devicesListFillStations !== 'function') return [];
    return window.api.devicesListFillStations();
  }
  return fillStationsThroughAgent(savedAgentUrl());
}

const isFinal = (s: FillState) => s.phase === 'done' || s.phase === 'aborted';

/**
 * Polls a running fill every `intervalMs` (the heartbeat) until it is done or aborted; null before the first answer
 * or without a fillId. A failed poll keeps the last state and tries again (the device side decides stationLost).
 */
export function useFillState(fillId: string | null | undefined, intervalMs = 500): { state: FillState | null; error: string | null } {
  const [state, setState] = useState<FillState | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setState(null);
    setError(null);
    if (!fillId) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = () => {
      fillState(fillId).then(
        (s) => {
          if (stopped) return;
          setState(s);
          setError(null);
          if (!isFinal(s)) timer = setTimeout(poll, intervalMs);
        },
        (err: unknown) => {
          if (stopped) return;
          setError(deviceErrorText(err));
          timer = setTimeout(poll, intervalMs);
        },
      );
    };
    poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [fillId, intervalMs]);
  return { state, error };
}

/**
 * The live weight of the scale on `path` for a station: IPC events in the desktop app (plus the latest reading at
 * once), GET /scale/latest polled every `intervalMs` in a browser. null before a reading (or without a path).
 */
export function useLiveScale(path: string | null | undefined, intervalMs = 250): ScaleReadingEvent | null {
  const [reading, setReading] = useState<ScaleReadingEvent | null>(null);
  useEffect(() => {
    setReading(null);
    if (!path) return;
    const api = window.api;
    if (api) {
      let live = false;
      void api.devicesScaleLatest(path).then((r) => !live && r && setReading(r), () => undefined);
      const off = api.on('devices:scaleReading', (r) => {
        if (r.path !== path) return;
        live = true;
        setReading(r);
      });
      return off;
    }
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = () => {
      scaleLatestThroughAgent(savedAgentUrl(), path).then(
        (r) => !stopped && setReading(r),
        () => undefined,
      ).finally(() => {
        if (!stopped) timer = setTimeout(poll, intervalMs);
      });
    };
    poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [path, intervalMs]);
  return reading;
}
