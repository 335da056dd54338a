import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';

/** How conversions are run, as the server reports it at start (and the README explains). */
export interface Isolation {
  /** Prepended to the soffice command line. */
  prefix: string[];
  /** In words, for the log. */
  description: string;
}

/** A command on the PATH (or a path), or null. */
export function findCommand(command: string): string | null {
  if (isAbsolute(command) || command.includes('/')) return existsSync(command) ? command : null;
  const dirs = (process.env.PATH ?? '').split(delimiter).filter(Boolean);
  const names = process.platform === 'win32' ? [command, `${command}.exe`, `${command}.com`] : [command];
  for (const dir of dirs) for (const name of names) if (existsSync(join(dir, name))) return join(dir, name);
  return null;
}

const succeeds = (command: string, args: string[]) => new Promise<boolean>((resolve) => {
  const child = spawn(command, args, { stdio: 'ignore' });
  child.on('error', () => resolve(false));
  child.on('close', (code) => resolve(code === 0));
});

async function probe(): Promise<Isolation> {
  if (process.env.SOFFICE_NETWORK === 'host') return { prefix: [], description: 'network not isolated (SOFFICE_NETWORK=host)' };
  const unshare = process.platform === 'linux' ? findCommand('unshare') : null;
  if (!unshare) return { prefix: [], description: `network not isolated (no unshare on ${process.platform})` };
  // A new network namespace has no interface at all, not even loopback. Creating one needs CAP_SYS_ADMIN
  // (root), or a user namespace of its own where the kernel lets unprivileged users make one.
  for (const options of [['--net'], ['--map-root-user', '--net']]) {
    if (await succeeds(unshare, [...options, '--', 'true'])) {
      return { prefix: [unshare, ...options, '--'], description: `network isolated (unshare ${options.join(' ')})` };
    }
  }
  return { prefix: [], description: 'network not isolated (unshare refused: no privilege and no unprivileged user namespaces)' };
}

let decided: Promise<Isolation> | undefined;

/** Decided once per process, at the first conversion (or at start, to log it). */
export function isolation(): Promise<Isolation> {
  decided ??= probe();
  return decided;
}
