import { useEffect, useState } from 'react';
import type { LabelJob, PrintResult, ScaleReadingEvent } from '@shared/devices';
import { t } from '@renderer/i18n/i18n';
import { AgentUnreachableError, printJobThroughAgent, savedAgentUrl } from './agentClient';

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
