import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * A virtual null-modem cable: socat joins two pseudo-terminals, linked at `scaleEnd` (where the
 * simulated indicator writes) and `appEnd` (what the app opens as its serial port). Killing it is
 * pulling the cable.
 */
/**
 * Whether socat is installed (apt-get install -y socat; .ci/run installs it). Under CI its absence is an
 * error rather than a quiet skip, so the serial tests cannot stop running unnoticed.
 */
export const hasSocat = (() => {
  try {
    execFileSync('socat', ['-V'], { stdio: 'ignore' });
    return true;
  } catch {
    if (process.env.CI) throw new Error('socat is not installed: the serial-port tests need it');
    return false;
  }
})();

export interface SocatPair {
  process: ChildProcess;
  stop(): Promise<void>;
}

export async function startSocatPair(scaleEnd: string, appEnd: string): Promise<SocatPair> {
  const child = spawn('socat', [`pty,raw,echo=0,link=${scaleEnd}`, `pty,raw,echo=0,link=${appEnd}`], { stdio: 'ignore' });
  const deadline = Date.now() + 5000;
  while (!(existsSync(scaleEnd) && existsSync(appEnd))) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error('socat did not create the serial pair');
    await new Promise((r) => setTimeout(r, 20));
  }
  return {
    process: child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
