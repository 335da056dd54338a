// Keeps the server running for `npm start`: a server that dies is started again, after a pause that grows
// while it keeps dying; a server that cannot start is not started forever.
//
// The server tells its supervisor over the IPC channel how its start went (src/server/index.ts):
// `{type: 'ready'}` once it listens, `{type: 'start-failed', permanent}` before it exits on a failed start
// (`permanent`: a configuration error, which no restart can fix).

/** Pauses and limits of `npm start`; the tests pass smaller ones. */
export const RESTART_POLICY = {
  /** The pause before the first restart; it doubles with every restart that follows a short run. */
  firstDelayMs: 2000,
  maxDelayMs: 60_000,
  /** A server that ran this long after its start counts as healthy: the next pause is the first again. */
  stableMs: 60_000,
  /** Failed starts in a row (it never listened) after which the supervisor gives up. */
  maxStartFailures: 5,
};

const defaultWait = (ms, signal) =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

const describeExit = (code, signal) => (signal ? `signal ${signal}` : `exit code ${code}`);

/**
 * Runs `spawnServer()` (a ChildProcess with an IPC channel) and starts it again when it dies. Resolves with
 * the exit code `npm start` should end with:
 * - after stop(signal) (SIGINT/SIGTERM), once the server has stopped: its exit code;
 * - a server that exits 0 by itself was stopped on purpose: 0, not restarted;
 * - a start refused for its configuration: not restarted;
 * - maxStartFailures failed starts in a row: given up.
 * Anything else (a crash, a kill, an exit after it was listening) is restarted after a pause.
 */
export function supervise({ spawnServer, log, policy = RESTART_POLICY, wait = defaultWait, now = Date.now }) {
  let child;
  let stopping = false;
  const pause = new AbortController();
  let quickRestarts = 0;
  let startFailures = 0;

  async function run() {
    for (;;) {
      const startedAt = now();
      let readyAt;
      let permanent = false;
      child = spawnServer();
      child.on('message', (message) => {
        if (message?.type === 'ready') readyAt = now();
        if (message?.type === 'start-failed') permanent = Boolean(message.permanent);
      });
      const { code, signal } = await new Promise((resolve) => {
        child.once('error', (error) => {
          log(`Could not run the server: ${error.message}`);
          resolve({ code: 1, signal: null });
        });
        // 'close', not 'exit': by then every message the server sent has arrived.
        child.once('close', (exitCode, exitSignal) => resolve({ code: exitCode, signal: exitSignal }));
      });
      child = undefined;
      const exitCode = code ?? 1;
      if (stopping) return signal ? 0 : exitCode;
      if (code === 0) {
        log('The server stopped (exit code 0): not restarting');
        return 0;
      }
      if (readyAt === undefined) {
        if (permanent) {
          log('The server cannot start with this configuration: not restarting (correct it, then run npm start again)');
          return exitCode;
        }
        startFailures += 1;
        if (startFailures >= policy.maxStartFailures) {
          log(`The server failed to start ${startFailures} times in a row: giving up`);
          return exitCode;
        }
      } else {
        startFailures = 0;
        if (now() - readyAt >= policy.stableMs) quickRestarts = 0;
      }
      const delay = Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** quickRestarts);
      quickRestarts += 1;
      const what = readyAt === undefined ? 'did not start' : `stopped unexpectedly after ${Math.round((now() - startedAt) / 1000)} s`;
      log(`The server ${what} (${describeExit(code, signal)}): restarting in ${Math.round(delay / 1000)} s`);
      await wait(delay, pause.signal);
      if (stopping) return 0;
    }
  }

  return {
    done: run(),
    /** Stops the server with `signal` (or ends the pause before a restart); `done` then resolves. */
    stop(signal) {
      if (stopping) return;
      stopping = true;
      if (child) child.kill(signal);
      pause.abort();
    },
  };
}
