import type { ChildProcess } from 'node:child_process';

export interface RestartPolicy {
  firstDelayMs: number;
  maxDelayMs: number;
  stableMs: number;
  maxStartFailures: number;
}
export const RESTART_POLICY: RestartPolicy;

export interface Supervisor {
  /** The exit code `npm start` ends with. */
  done: Promise<number>;
  stop(signal: NodeJS.Signals): void;
}

export function supervise(options: {
  spawnServer: () => ChildProcess;
  log: (line: string) => void;
  policy?: RestartPolicy;
  wait?: (ms: number, signal: AbortSignal) => Promise<void>;
  now?: () => number;
}): Supervisor;
