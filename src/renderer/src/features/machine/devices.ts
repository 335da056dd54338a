import { useEffect, useState } from 'react';
import type { LabelJob, PrintResult, ScaleReadingEvent } from '@shared/devices';
import { printJobThroughAgent, savedAgentUrl } from './agentClient';

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
