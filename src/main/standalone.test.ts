import { describe, expect, it, vi } from 'vitest';
import { StandaloneServer, StandaloneStartError, type ServerChild, type SpawnRequest, type StandaloneConfig, type StandaloneDeps } from './standalone';

const DATA = '/u/server';
const ENTRY = '/app/out/server/index.mjs';
const PG_PID_FILE = `${DATA}/pg/postmaster.pid`;

/**
 * Processes and files of one PC, as far as the standalone host sees them. `events` records every step in
 * order. A spawned server "starts PostgreSQL" (writes postmaster.pid, a live postgres pid) and answers
 * after `answerAfterPolls` polls; SIGTERM makes a graceful server stop its PostgreSQL and exit.
 */
class World {
  events: string[] = [];
  files = new Map<string, string>();
  processes = new Map<number, string>();
  spawned: Array<SpawnRequest & { child: FakeChild }> = [];
  answerAfterPolls = 2;
  polls = 0;
  clock = 0;
  nextPid = 500;
  ports = [41001, 41002, 41003, 41004];
  behaviour: 'graceful' | 'ignoresSigterm' | 'failsToStart' | 'neverAnswers' = 'graceful';
  lines: string[] = [];
  log: (line: string) => void = () => {};

  startPostgres(): number {
    const pid = this.nextPid++;
    this.processes.set(pid, '/opt/pg/bin/postgres -D /u/server/pg');
    this.files.set(PG_PID_FILE, `${pid}\n/u/server/pg\n`);
    return pid;
  }

  stopPostgres(): void {
    const pid = Number(this.files.get(PG_PID_FILE)?.split('\n')[0]);
    this.processes.delete(pid);
    this.files.delete(PG_PID_FILE);
  }

  deps(): StandaloneDeps {
    return {
      spawnServer: (request) => {
        const child = new FakeChild(this, this.nextPid++);
        this.processes.set(child.pid, `node ${request.entry}`);
        this.spawned.push({ ...request, child });
        this.events.push('spawn server');
        this.polls = 0;
        queueMicrotask(() => child.boot());
        return child;
      },
      readFile: (path) => this.files.get(path),
      mkdir: (path) => void this.events.push(`mkdir ${path}`),
      isProcessAlive: (pid) => this.processes.has(pid),
      describeProcess: (pid) => this.processes.get(pid),
      killProcess: (pid, signal) => {
        this.events.push(`kill ${pid} ${signal}`);
        // A leftover server stops its PostgreSQL on SIGTERM, like ours does.
        if (signal === 'SIGTERM') this.stopPostgres();
        this.processes.delete(pid);
      },
      stopPostgres: async (dir) => {
        this.events.push(`pg_ctl stop ${dir}`);
        this.stopPostgres();
      },
      freePort: async () => this.ports.shift()!,
      answers: async (url) => {
        const child = this.spawned.at(-1)?.child;
        const up = !!child && !child.exited && this.behaviour !== 'neverAnswers' && ++this.polls >= this.answerAfterPolls;
        if (up) this.events.push(`answers ${url}`);
        return up;
      },
      sleep: async (ms) => void (this.clock += ms),
      now: () => this.clock,
      log: (line) => this.log(line),
    };
  }
}

class FakeChild implements ServerChild {
  exited = false;
  private exitListeners: Array<(code: number | null, signal: string | null) => void> = [];
  private lineListeners: Array<(line: string) => void> = [];
  constructor(
    private readonly world: World,
    readonly pid: number,
  ) {}
  onExit(listener: (code: number | null, signal: string | null) => void): void {
    this.exitListeners.push(listener);
  }
  onLine(listener: (line: string) => void): void {
    this.lineListeners.push(listener);
  }
  say(line: string): void {
    this.lineListeners.forEach((fn) => fn(line));
  }
  boot(): void {
    if (this.world.behaviour === 'failsToStart') {
      this.say('Server failed to start: The embedded PostgreSQL did not start on 127.0.0.1:41002 (is EMBEDDED_PG_PORT in use?).');
      this.exit(1, null);
      return;
    }
    this.world.startPostgres();
    this.world.lines.forEach((line) => this.say(line));
  }
  exit(code: number | null, signal: string | null): void {
    if (this.exited) return;
    this.exited = true;
    this.world.processes.delete(this.pid);
    this.world.events.push(`server exited ${signal ?? code}`);
    this.exitListeners.forEach((fn) => fn(code, signal));
  }
  kill(signal: 'SIGTERM' | 'SIGKILL'): void {
    this.world.events.push(`server ${signal}`);
    if (this.exited) return;
    if (signal === 'SIGTERM' && this.world.behaviour === 'ignoresSigterm') return;
    // SIGTERM: the server stops HTTP, the pool and PostgreSQL, then exits. SIGKILL leaves PostgreSQL running.
    if (signal === 'SIGTERM') {
      this.world.events.push('server stops PostgreSQL');
      this.world.stopPostgres();
    }
    queueMicrotask(() => this.exit(signal === 'SIGTERM' ? 0 : null, signal === 'SIGKILL' ? 'SIGKILL' : null));
  }
}

function setup(config: Partial<StandaloneConfig> = {}) {
  const world = new World();
  const server = new StandaloneServer(
    { dataDir: DATA, serverEntry: ENTRY, baseEnv: { PATH: '/usr/bin', DATABASE_URL: 'postgres://elsewhere/db' }, stopTimeoutMs: 50, ...config },
    world.deps(),
  );
  return { world, server };
}

const LOCAL = { standalone: true, lanAccess: false, port: null };
const pgAlive = (world: World) => [...world.processes.values()].some((c) => c.includes('postgres'));

describe('standalone mode: the local server', () => {
  it('starts the bundled server on loopback with its data under the user folder, and resolves once it answers', async () => {
    const { world, server } = setup();
    expect(await server.start(LOCAL)).toBe('http://127.0.0.1:41001');
    expect(server.url).toBe('http://127.0.0.1:41001');
    expect(server.active).toBe(true);
    expect(world.events).toEqual([`mkdir ${DATA}`, 'spawn server', 'answers http://127.0.0.1:41001']);
    const { entry, env, cwd } = world.spawned[0]!;
    expect(entry).toBe(ENTRY);
    expect(cwd).toBe(DATA);
    expect(env).toMatchObject({ ELECTRON_RUN_AS_NODE: '1', DATA_DIR: DATA, HOST: '127.0.0.1', PORT: '41001', EMBEDDED_PG_PORT: '41002', PATH: '/usr/bin' });
    // Standalone always runs its own embedded PostgreSQL, whatever the environment says.
    expect(env).not.toHaveProperty('DATABASE_URL');
  });

  it('opened to the LAN listens on every interface, on the configured port or 8080', async () => {
    const a = setup();
    await a.server.start({ standalone: true, lanAccess: true, port: null });
    expect(a.world.spawned[0]!.env).toMatchObject({ HOST: '0.0.0.0', PORT: '8080' });
    const b = setup();
    expect(await b.server.start({ standalone: true, lanAccess: false, port: 9123 })).toBe('http://127.0.0.1:9123');
    expect(b.world.spawned[0]!.env).toMatchObject({ HOST: '127.0.0.1', PORT: '9123' });
  });

  it('stops gracefully: SIGTERM, the server stops PostgreSQL itself, nothing is left running', async () => {
    const { world, server } = setup();
    await server.start(LOCAL);
    world.events = [];
    await server.stop();
    expect(world.events).toEqual(['server SIGTERM', 'server stops PostgreSQL', 'server exited 0']);
    expect(server.url).toBeNull();
    expect(server.active).toBe(false);
    expect(world.processes.size).toBe(0);
    await server.stop();
    expect(world.events).toHaveLength(3);
  });

  it('kills a server that does not stop in time, then stops the PostgreSQL it left', async () => {
    const { world, server } = setup();
    await server.start(LOCAL);
    world.behaviour = 'ignoresSigterm';
    world.events = [];
    await server.stop();
    expect(world.events).toEqual(['server SIGTERM', 'server SIGKILL', 'server exited SIGKILL', `pg_ctl stop ${DATA}/pg`]);
    expect(pgAlive(world)).toBe(false);
  });

  it('after a crash, stops the leftover server and PostgreSQL of the data folder before starting', async () => {
    const { world, server } = setup();
    // The last run died: its server child (pid 77) still holds DATA_DIR, its PostgreSQL still runs.
    world.processes.set(77, `/opt/app/app-binary ${ENTRY}`);
    world.files.set(`${DATA}/server.pid`, '77\n');
    world.startPostgres();
    await server.start(LOCAL);
    expect(world.events).toEqual([`mkdir ${DATA}`, 'kill 77 SIGTERM', 'spawn server', 'answers http://127.0.0.1:41001']);

    // The server had been killed outright: only its PostgreSQL is left.
    const second = setup();
    second.world.files.set(`${DATA}/server.pid`, '77\n');
    const leftoverPg = second.world.startPostgres();
    await second.server.start(LOCAL);
    expect(second.world.events).toEqual([`mkdir ${DATA}`, `pg_ctl stop ${DATA}/pg`, 'spawn server', 'answers http://127.0.0.1:41001']);
    expect(second.world.processes.has(leftoverPg)).toBe(false);
  });

  it('never signals a process that merely reuses a pid from an old pid file', async () => {
    const { world, server } = setup();
    world.processes.set(77, '/usr/bin/vim notes.txt');
    world.files.set(`${DATA}/server.pid`, '77\n');
    world.processes.set(78, '/usr/lib/firefox/firefox');
    world.files.set(PG_PID_FILE, '78\n/u/server/pg\n');
    await server.start(LOCAL);
    expect(world.events).toEqual([`mkdir ${DATA}`, 'spawn server', 'answers http://127.0.0.1:41001']);
    expect(world.processes.has(77) && world.processes.has(78)).toBe(true);
  });

  it('recognises its leftover child by image name where that is all the OS tells (Windows)', async () => {
    const { world, server } = setup({ executable: 'C:\\Program Files\\Trace\\气瓶追溯平台.exe' });
    world.processes.set(77, '气瓶追溯平台.exe');
    world.files.set(`${DATA}/server.pid`, '77\n');
    await server.start(LOCAL);
    expect(world.events).toContain('kill 77 SIGTERM');
  });

  it('a server that fails to start rejects with the reason it printed', async () => {
    const { world, server } = setup();
    world.behaviour = 'failsToStart';
    const started = server.start(LOCAL);
    await expect(started).rejects.toThrow(StandaloneStartError);
    await expect(started).rejects.toThrow('本机服务器未能启动（退出码 1）：Server failed to start: The embedded PostgreSQL did not start');
    expect(server.url).toBeNull();
  });

  it('gives up on a server that never answers, and stops it', async () => {
    const { world, server } = setup({ startTimeoutMs: 2000 });
    world.behaviour = 'neverAnswers';
    await expect(server.start(LOCAL)).rejects.toThrow('本机服务器在 2 秒内没有响应');
    expect(world.events.slice(-3)).toEqual(['server SIGTERM', 'server stops PostgreSQL', 'server exited 0']);
    expect(world.processes.size).toBe(0);
  });

  it('passes on the admin password the first start generated (its console is not seen in the app)', async () => {
    const onAdminPassword = vi.fn();
    const { world, server } = setup({ onAdminPassword });
    const logged: string[] = [];
    world.log = (line) => logged.push(line);
    world.lines = ['Connected to PostgreSQL 17.6', '  首次启动：管理员账号 admin，初始密码 Xk7pQ2mNw9RtYb3Hc8Vd（请登录后立即修改）'];
    await server.start(LOCAL);
    expect(onAdminPassword).toHaveBeenCalledWith('Xk7pQ2mNw9RtYb3Hc8Vd');
    expect(logged.join('\n')).not.toContain('Xk7pQ2mNw9RtYb3Hc8Vd');
    expect(logged).toContain('[server]   首次启动：管理员账号 admin，初始密码 ********（请登录后立即修改）');
  });

  it('reports a crash while running, and a later stop still takes PostgreSQL down', async () => {
    const onUnexpectedExit = vi.fn();
    const { world, server } = setup({ onUnexpectedExit });
    await server.start(LOCAL);
    world.spawned[0]!.child.exit(null, 'SIGSEGV');
    expect(onUnexpectedExit).toHaveBeenCalledWith('本机服务器意外退出（被信号 SIGSEGV 结束）');
    expect(server.url).toBeNull();
    // Still to be cleaned up: a quit waits for stop().
    expect(server.active).toBe(true);
    await server.stop();
    expect(world.events.at(-1)).toBe(`pg_ctl stop ${DATA}/pg`);
    expect(pgAlive(world)).toBe(false);
  });

  it('starting again with other settings stops the running server first', async () => {
    const { world, server } = setup();
    await server.start(LOCAL);
    world.events = [];
    await server.start({ standalone: true, lanAccess: true, port: 9000 });
    expect(world.events).toEqual(['server SIGTERM', 'server stops PostgreSQL', 'server exited 0', `mkdir ${DATA}`, 'spawn server', 'answers http://127.0.0.1:9000']);
    expect(world.spawned[1]!.env.HOST).toBe('0.0.0.0');
  });
});
