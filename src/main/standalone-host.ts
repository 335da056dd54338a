import { app, dialog } from 'electron';
import { appendFileSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { StandaloneSettings } from '../shared/connection';
import type { Settings } from './settings';
import { StandaloneServer } from './standalone';
import { nodeStandaloneDeps } from './standalone-process';

/**
 * Standalone mode inside the app: keeps the local server in step with the setting (start, restart with new
 * settings, stop), points the settings' active server URL at it, remembers why it failed (the renderer's
 * retry screen shows it) and stops it before the app quits.
 */
export interface LocalServer {
  readonly url: string | null;
  /** Starting, running, or crashed and not yet cleaned up: a quit must wait for stop(). */
  readonly active: boolean;
  start(settings: StandaloneSettings): Promise<string>;
  stop(): Promise<void>;
}

export class StandaloneHost {
  private error: string | null = null;
  private runningWith: string | null = null;
  private applying: Promise<void> = Promise.resolve();

  constructor(
    private readonly settings: Pick<Settings, 'getStandalone' | 'setLocalServerUrl'>,
    private readonly server: LocalServer,
  ) {}

  /** Why the local server is not running, when standalone mode is on. */
  lastError(): string | null {
    return this.settings.getStandalone().standalone ? this.error : null;
  }

  isRunning(): boolean {
    return this.server.active;
  }

  /**
   * Brings the local server in line with the saved setting; never throws (a failure is lastError()).
   * Calls queue up, so a double click on 保存 cannot start two servers.
   */
  apply(): Promise<void> {
    this.applying = this.applying.catch(() => {}).then(() => this.applyNow());
    return this.applying;
  }

  private async applyNow(): Promise<void> {
    const wanted = this.settings.getStandalone();
    if (!wanted.standalone) {
      await this.stop();
      return;
    }
    const key = JSON.stringify(wanted);
    if (this.server.url && this.runningWith === key) return;
    this.settings.setLocalServerUrl(null);
    try {
      const url = await this.server.start(wanted);
      this.runningWith = key;
      this.error = null;
      this.settings.setLocalServerUrl(url);
    } catch (error) {
      this.runningWith = null;
      this.error = (error as Error).message;
    }
  }

  async stop(): Promise<void> {
    this.settings.setLocalServerUrl(null);
    this.runningWith = null;
    await this.server.stop();
  }

  /** The server crashed while running: no address any more, and the reason for the retry screen. */
  crashed(reason: string): void {
    this.runningWith = null;
    this.error = reason;
    this.settings.setLocalServerUrl(null);
  }
}

/** Quitting waits for the local server and its database to stop; the quit then goes on. */
export function stopBeforeQuit(host: Pick<StandaloneHost, 'isRunning' | 'stop'>): void {
  let stopped = false;
  app.on('before-quit', (event: { preventDefault(): void }) => {
    if (stopped || !host.isRunning()) return;
    event.preventDefault();
    void host
      .stop()
      .catch((error: unknown) => console.error(`Stopping the local server failed: ${(error as Error).message}`))
      .finally(() => {
        stopped = true;
        app.quit();
      });
  });
}

const LOG_LIMIT_BYTES = 5 * 1024 * 1024;

/** The server's console, kept in <userData>/server/server.log (one older file kept as server.log.1). */
function serverLog(dataDir: string): (line: string) => void {
  const file = join(dataDir, 'server.log');
  let opened = false;
  return (line) => {
    try {
      // Opened on the first line, so a PC not in standalone mode gets no server folder.
      if (!opened) {
        opened = true;
        mkdirSync(dataDir, { recursive: true });
        if ((statSync(file, { throwIfNoEntry: false })?.size ?? 0) > LOG_LIMIT_BYTES) renameSync(file, `${file}.1`);
      }
      appendFileSync(file, `${new Date().toISOString()} ${line}\n`);
    } catch {
      // A full disk must not stop the app.
    }
  };
}

/** The host as the app runs it: data under <userData>/server, the server bundle shipped in out/server. */
export function createStandaloneHost(settings: Settings): StandaloneHost {
  const dataDir = join(app.getPath('userData'), 'server');
  const log = serverLog(dataDir);
  // The server reports a crash to the host built around it.
  const crashes: { host?: StandaloneHost } = {};
  const server = new StandaloneServer(
    {
      dataDir,
      serverEntry: join(app.getAppPath(), 'out/server/index.mjs'),
      executable: process.execPath,
      baseEnv: process.env,
      onAdminPassword: (password) => {
        // The CLI prints it once on its console; here nobody sees that console, so it is shown once here.
        void dialog.showMessageBox({
          type: 'info',
          title: '单机模式',
          message: '本机服务器已创建管理员账号',
          detail: `账号：admin\n初始密码：${password}\n\n请记下该密码，登录后立即修改。此密码只显示这一次。`,
        });
      },
      onUnexpectedExit: (reason) => crashes.host?.crashed(reason),
    },
    nodeStandaloneDeps(process.execPath, log),
  );
  crashes.host = new StandaloneHost(settings, server);
  return crashes.host;
}
