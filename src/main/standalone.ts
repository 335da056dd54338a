import { join } from 'node:path';
import { STANDALONE_LAN_PORT, type StandaloneSettings } from '../shared/connection';

/**
 * Standalone mode: the desktop app runs the bundled server (out/server/index.mjs, the same code and
 * migrations as a plant's server) as a child process, with its embedded PostgreSQL under DATA_DIR.
 *
 * Order on start: clear what an earlier run left (a server still holding DATA_DIR, a PostgreSQL still
 * running on DATA_DIR/pg) → start the server (it starts PostgreSQL and migrates) → wait until it answers.
 * On stop: SIGTERM (the server closes HTTP, the pool and PostgreSQL itself) → wait, then kill → make sure
 * PostgreSQL is down (on Windows a "signal" terminates the child outright, so this step does the stopping).
 *
 * Node only (no electron import) and every process or file access goes through StandaloneDeps, so the
 * order is tested with fakes and the real thing is tested by running the built server under plain Node.
 */

/** The running server child as this module needs it (child_process.ChildProcess, wrapped). */
export interface ServerChild {
  readonly pid: number | undefined;
  onExit(listener: (code: number | null, signal: string | null) => void): void;
  /** stdout and stderr, line by line. */
  onLine(listener: (line: string) => void): void;
  kill(signal: 'SIGTERM' | 'SIGKILL'): void;
}

export interface SpawnRequest {
  entry: string;
  env: Record<string, string>;
  cwd: string;
}

export interface StandaloneDeps {
  spawnServer(request: SpawnRequest): ServerChild;
  /** A file's text, or undefined when it does not exist. */
  readFile(path: string): string | undefined;
  mkdir(path: string): void;
  isProcessAlive(pid: number): boolean;
  /** The process's command line (or image name where that is all the OS tells), undefined if unknown. */
  describeProcess(pid: number): string | undefined;
  killProcess(pid: number, signal: 'SIGTERM' | 'SIGKILL'): void;
  /** Fast shutdown of the PostgreSQL cluster in this directory (pg_ctl stop -m fast). */
  stopPostgres(pgDir: string): Promise<void>;
  freePort(): Promise<number>;
  /** True once GET <url>/ answers with any HTTP status. */
  answers(url: string): Promise<boolean>;
  sleep(ms: number): Promise<void>;
  now(): number;
  log(line: string): void;
}

export interface StandaloneConfig {
  /** DATA_DIR of the local server: <userData>/server in the app. */
  dataDir: string;
  /** The built server entry, out/server/index.mjs. */
  serverEntry: string;
  /** The program the child runs (Electron's binary in the app), to recognise a leftover child by name. */
  executable?: string;
  /** The environment the child inherits (process.env); DATABASE_URL is dropped: standalone is always embedded. */
  baseEnv?: Record<string, string | undefined>;
  /** The first start creates the PostgreSQL cluster and runs every migration: allow for a slow PC. */
  startTimeoutMs?: number;
  /** The server's own PostgreSQL stop waits up to 60 s; a little more before it is killed. */
  stopTimeoutMs?: number;
  /** The server generated the admin's first password (printed once on its console, which nobody sees here). */
  onAdminPassword?(password: string): void;
  /** The server exited while it was meant to run. */
  onUnexpectedExit?(reason: string): void;
}

export class StandaloneStartError extends Error {
  override name = 'StandaloneStartError';
}

const DEFAULT_START_TIMEOUT_MS = 180_000;
const DEFAULT_STOP_TIMEOUT_MS = 70_000;
const KILL_WAIT_MS = 5000;
const POLL_MS = 250;
const OUTPUT_TAIL_LINES = 8;
/** The line src/server/index.ts prints once when it generated the admin password. */
const GENERATED_PASSWORD = /初始密码\s+([A-Za-z0-9]+)/;

/** The pid on the first line of a pid file (server.pid, postmaster.pid), if any. */
export function pidFrom(text: string | undefined): number | undefined {
  const pid = Number.parseInt(text?.split('\n')[0]?.trim() ?? '', 10);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

function exitText(code: number | null, signal: string | null): string {
  return signal ? `被信号 ${signal} 结束` : `退出码 ${code}`;
}

export class StandaloneServer {
  private child: ServerChild | null = null;
  /** Settles when the current child has exited. */
  private exited: Promise<void> = Promise.resolve();
  /** The current child answered, so an exit now is a crash worth reporting. */
  private ready = false;
  private stopping: Promise<void> | null = null;
  private readonly tail: string[] = [];

  constructor(
    private readonly config: StandaloneConfig,
    private readonly deps: StandaloneDeps,
  ) {}

  /** The local server's address while it runs and answers. */
  get url(): string | null {
    return this.ready && this.child ? this.currentUrl : null;
  }
  private currentUrl: string | null = null;

  /** A server child is starting, running, or died without being stopped (its PostgreSQL may still run). */
  get active(): boolean {
    return this.child !== null;
  }

  private get pgDir(): string {
    return join(this.config.dataDir, 'pg');
  }

  /** Starts (or restarts with new settings) and resolves with the URL once the server answers. */
  async start(settings: StandaloneSettings): Promise<string> {
    await this.stop();
    this.deps.mkdir(this.config.dataDir);
    await this.clearLeftovers();

    const port = settings.port ?? (settings.lanAccess ? STANDALONE_LAN_PORT : await this.deps.freePort());
    const pgPort = await this.deps.freePort();
    // The desktop client always uses loopback; other PCs use this PC's LAN address when it is open.
    const url = `http://127.0.0.1:${port}`;
    const { DATABASE_URL: _external, ...inherited } = this.config.baseEnv ?? {};
    const env: Record<string, string> = {
      ...(Object.fromEntries(Object.entries(inherited).filter(([, v]) => v !== undefined)) as Record<string, string>),
      // The child is the Electron binary running as plain Node (in the app), or node itself (tests).
      ELECTRON_RUN_AS_NODE: '1',
      DATA_DIR: this.config.dataDir,
      HOST: settings.lanAccess ? '0.0.0.0' : '127.0.0.1',
      PORT: String(port),
      EMBEDDED_PG_PORT: String(pgPort),
    };

    this.tail.length = 0;
    this.deps.log(`Starting the local server on ${env.HOST}:${port} (data in ${this.config.dataDir})`);
    const child = this.deps.spawnServer({ entry: this.config.serverEntry, env, cwd: this.config.dataDir });
    this.child = child;
    this.currentUrl = url;
    const state: { exit: { code: number | null; signal: string | null } | null } = { exit: null };
    this.exited = new Promise<void>((resolve) =>
      child.onExit((code, signal) => {
        state.exit = { code, signal };
        const crashed = this.child === child && this.ready && !this.stopping;
        if (this.child === child) this.ready = false;
        if (crashed) {
          const reason = `本机服务器意外退出（${exitText(code, signal)}）`;
          this.deps.log(reason);
          this.config.onUnexpectedExit?.(reason);
        }
        resolve();
      }),
    );
    child.onLine((line) => {
      const password = GENERATED_PASSWORD.exec(line)?.[1];
      // The password is handed on once, never written to the log file.
      const shown = password ? line.replace(password, '********') : line;
      this.deps.log(`[server] ${shown}`);
      this.tail.push(shown);
      if (this.tail.length > OUTPUT_TAIL_LINES) this.tail.shift();
      if (password) this.config.onAdminPassword?.(password);
    });

    const timeoutMs = this.config.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS;
    const deadline = this.deps.now() + timeoutMs;
    for (;;) {
      if (state.exit) {
        this.child = null;
        // The server prints one readable line before it exits (src/server/index.ts): that is the reason.
        const said = this.tail.filter((l) => l.trim()).slice(-3).join('\n');
        await this.stopLeftoverPostgres();
        throw new StandaloneStartError(`本机服务器未能启动（${exitText(state.exit.code, state.exit.signal)}）${said ? `：${said}` : ''}`);
      }
      if (await this.deps.answers(url)) break;
      if (this.deps.now() >= deadline) {
        await this.stop();
        throw new StandaloneStartError(`本机服务器在 ${Math.round(timeoutMs / 1000)} 秒内没有响应`);
      }
      await this.deps.sleep(POLL_MS);
    }
    this.ready = true;
    this.deps.log(`The local server answers at ${url}`);
    return url;
  }

  /** Stops the server and its PostgreSQL; safe to call when nothing runs, and twice at once. */
  stop(): Promise<void> {
    this.stopping ??= this.doStop().finally(() => (this.stopping = null));
    return this.stopping;
  }

  private async doStop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.ready = false;
    this.deps.log('Stopping the local server');
    child.kill('SIGTERM');
    if (!(await this.waitExit(this.config.stopTimeoutMs ?? DEFAULT_STOP_TIMEOUT_MS))) {
      this.deps.log('The local server did not stop in time: killing it');
      child.kill('SIGKILL');
      await this.waitExit(KILL_WAIT_MS);
    }
    this.child = null;
    this.currentUrl = null;
    await this.stopLeftoverPostgres();
  }

  private async waitExit(ms: number): Promise<boolean> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
    try {
      return await Promise.race([this.exited.then(() => true as const), late]);
    } finally {
      clearTimeout(timer);
    }
  }
  /**
   * What a crash of an earlier run leaves: our server child still running (Electron died, the child did
   * not) holding DATA_DIR/server.pid, or — the server killed outright — its PostgreSQL still on DATA_DIR/pg.
   * A pid file naming a process that is not ours (the pid was reused) is left to the server, which removes it.
   */
  async clearLeftovers(): Promise<void> {
    const serverPid = pidFrom(this.deps.readFile(join(this.config.dataDir, 'server.pid')));
    if (serverPid !== undefined && this.deps.isProcessAlive(serverPid) && this.isOurServer(serverPid)) {
      this.deps.log(`A local server left by an earlier run (pid ${serverPid}) still holds ${this.config.dataDir}: stopping it`);
      this.deps.killProcess(serverPid, 'SIGTERM');
      if (!(await this.waitGone(serverPid, this.config.stopTimeoutMs ?? DEFAULT_STOP_TIMEOUT_MS))) {
        this.deps.killProcess(serverPid, 'SIGKILL');
        await this.waitGone(serverPid, KILL_WAIT_MS);
      }
    }
    await this.stopLeftoverPostgres();
  }

  private isOurServer(pid: number): boolean {
    const command = this.deps.describeProcess(pid);
    if (command === undefined) return false;
    // Windows names only the image: our own executable (the child is it, run as Node) is as close as it gets.
    const exe = this.config.executable?.split(/[\\/]/).pop();
    return command.includes(this.config.serverEntry) || (exe !== undefined && command === exe);
  }

  private async stopLeftoverPostgres(): Promise<void> {
    const pid = pidFrom(this.deps.readFile(join(this.pgDir, 'postmaster.pid')));
    if (pid === undefined || !this.deps.isProcessAlive(pid)) return;
    if (!/postgres/i.test(this.deps.describeProcess(pid) ?? '')) return;
    this.deps.log(`A PostgreSQL (pid ${pid}) still runs on ${this.pgDir}: stopping it`);
    try {
      await this.deps.stopPostgres(this.pgDir);
    } catch (error) {
      this.deps.log(`Could not stop PostgreSQL pid ${pid}: ${(error as Error).message}`);
    }
  }

  private async waitGone(pid: number, ms: number): Promise<boolean> {
    const deadline = this.deps.now() + ms;
    while (this.deps.isProcessAlive(pid)) {
      if (this.deps.now() >= deadline) return false;
      await this.deps.sleep(POLL_MS);
    }
    return true;
  }
}
