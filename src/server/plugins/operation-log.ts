import fp from 'fastify-plugin';
import type { FastifyRequest, RouteOptions } from 'fastify';
import type { Insertable } from 'kysely';
import type { OperationLogsTable } from '../db/schema';
import { moduleOfPath } from '@shared/api/log';
import { isConnectionError } from '../lib/db-errors';
import { storableText, toJsonb } from '../lib/jsonb';
import { maskSecrets } from '../lib/mask';
import { pathOf } from './errors';

/** What an interface-log setting says about one route. */
export interface RouteLogSetting {
  logged: boolean;
  /** Top-level parameter names kept; empty keeps all. */
  keptParams: string[];
}

export type OperationLogRow = Insertable<OperationLogsTable>;

/** What the log module gives the operation log (app.ts wires them): the plugin knows neither its settings' store nor its table. */
export interface OperationLogOptions {
  /** Sees every route as it is registered (the catalogue the settings screen lists and the log names calls by). */
  onRoute: (route: RouteOptions) => void;
  /** The interface-log settings in memory: looked up on every call, loaded at start and again when `settingsTopic` is announced. */
  settings: { get(method: string, routeUrl: string | undefined): RouteLogSetting | undefined; reload(): Promise<void> };
  settingsTopic: string;
  /** Writes rows of the log in one statement. */
  write: (rows: OperationLogRow[]) => Promise<void>;
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const FLUSH_MS = 50;
const FLUSH_ROWS = 200;
const RETRY_FIRST_MS = 1000;
const RETRY_MAX_MS = 30_000;
const KEPT_WHILE_DOWN = 10_000;

/**
 * Reads are not recorded: routes whose endpoint is a read (GET unless it `mutates`, and POST lists and
 * infos), and, for routes declared without an endpoint, GET, HEAD and OPTIONS.
 */
const isRead = (request: FastifyRequest) => {
  const readOnly = request.routeOptions.config?.readOnly;
  return typeof readOnly === 'boolean' ? readOnly : READ_METHODS.has(request.method);
};

const isEmpty = (value: unknown) => value === undefined || value === null || (typeof value === 'object' && Object.keys(value).length === 0);

/** Only the named top-level properties of a part (a part that is not an object has none). */
function keepOnly(value: unknown, kept: readonly string[]): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  return Object.fromEntries(Object.entries(value).filter(([name]) => kept.includes(name)));
}

/** What was sent, secrets masked; with a setting's kept parameters, only those (still masked). */
function paramsOf(request: FastifyRequest, kept: readonly string[] = []): Record<string, unknown> | null {
  const parts: Record<string, unknown> = {};
  for (const [name, value] of [['params', request.params], ['query', request.query], ['body', request.body]] as const) {
    const masked = isEmpty(value) ? undefined : maskSecrets(value);
    const part = kept.length ? keepOnly(masked, kept) : masked;
    if (!isEmpty(part)) parts[name] = part;
  }
  return Object.keys(parts).length ? parts : null;
}

/** Parameters longer than this (as JSON) are kept as their beginning only: the log is not a file store. */
export const MAX_LOGGED_PARAMS = 16 * 1024;
const HEAD_KEPT = 2048;

/**
 * The parameters as jsonb text. Never throws: what cannot be recorded is said in the row instead, so a
 * call is never missing from the log because of what it sent.
 */
function paramsJson(request: FastifyRequest, kept?: readonly string[]): string {
  try {
    const json = toJsonb(paramsOf(request, kept));
    return json.length <= MAX_LOGGED_PARAMS ? json : toJsonb({ truncated: true, length: json.length, head: json.slice(0, HEAD_KEPT) });
  } catch (error) {
    return toJsonb({ unrecorded: `参数无法记录：${(error as Error).message}`.slice(0, 255) });
  }
}

/** Sign-in attempts have no token yet: the log names the user name that was tried. */
function attemptedUser(request: FastifyRequest): string | null {
  const body = request.body as { username?: unknown } | undefined;
  return typeof body?.username === 'string' ? storableText(body.username.slice(0, 64)) : null;
}

/**
 * Recorded: never a poll or report the client makes on its own (its endpoint is `background`); otherwise what a
 * setting of the route says, else every call that is not a read, and every call an API key makes (reads included).
 */
const recorded = (request: FastifyRequest, setting: RouteLogSetting | undefined) =>
  request.url.startsWith('/api') && request.routeOptions.config?.background !== true
  && (setting ? setting.logged : !isRead(request) || request.auth?.apiKeyId !== undefined);

/**
 * Records every mutating /api call (reads are left out) after the answer has left: who, from where, what (secrets masked),
 * the envelope code and how long it took. Writing the log never fails or delays the request. An
 * interface-log setting of the route overrides that: not recorded (logged 0), recorded even as a read
 * (logged 1), and only the parameters it keeps. The settings live in memory (the log module's, see OperationLogOptions).
 * The rows waiting to be written (in batches, and while the database is away) are this process's own
 * requests: nothing another process needs, so they stay here.
 */
export const operationLogPlugin = fp<OperationLogOptions>(async (app, opts) => {
  const pending = new Set<Promise<unknown>>();
  app.decorateRequest('resultCode', null);

  // The declared routes (the settings screen lists them; the log names a call by its route's summary).
  app.addHook('onRoute', opts.onRoute);

  const settings = opts.settings;
  const reload = () => settings.reload().catch((err: unknown) => app.log.error({ err }, 'interface-log settings could not be read'));
  // A change saved through any server of the database (this one included) is announced to all.
  app.changes.subscribe(opts.settingsTopic, () => void reload());
  app.addHook('onReady', reload);

  app.addHook('preSerialization', async (request, _reply, payload) => {
    const code = (payload as { code?: unknown } | null)?.code;
    if (typeof code === 'number') request.resultCode = code;
    return payload;
  });

  // Rows are written in batches (at most FLUSH_MS after the answer, or FLUSH_ROWS at once): a busy scan
  // station costs the database one insert per batch instead of one per scan.
  const queue: OperationLogRow[] = [];
  let timer: NodeJS.Timeout | null = null;
  // While the database is unreachable, rows wait in memory (up to KEPT_WHILE_DOWN) and are tried again later.
  let retryMs = 0;
  let closing = false;
  const track = (write: Promise<unknown>) => {
    pending.add(write);
    void write.finally(() => pending.delete(write));
  };
  const keepForLater = (rows: OperationLogRow[]) => {
    queue.unshift(...rows);
    const dropped = queue.length - KEPT_WHILE_DOWN;
    if (dropped > 0) app.log.error({ dropped }, 'database unreachable for long: oldest operation log rows dropped');
    if (dropped > 0) queue.splice(0, dropped);
    retryMs = Math.min(RETRY_MAX_MS, retryMs ? retryMs * 2 : RETRY_FIRST_MS);
    if (timer) clearTimeout(timer);
    timer = setTimeout(flush, retryMs);
    timer.unref();
  };
  const write = async (rows: OperationLogRow[]) => {
    try {
      await opts.write(rows);
      if (retryMs) {
        retryMs = 0;
        // Rows that came in while the database was away.
        if (queue.length) timer ??= setTimeout(flush, FLUSH_MS);
      }
      return;
    } catch (err) {
      if (isConnectionError(err)) {
        const reason = (err as Error).message;
        if (closing) {
          app.log.error({ rows: rows.length, reason }, 'database unreachable at shutdown: operation log rows not written');
          return;
        }
        app.log.warn({ rows: rows.length, reason }, 'operation log not written (database connection lost): trying again later');
        keepForLater(rows);
        return;
      }
      // One bad row must not lose the others: write them one by one, reporting what still fails.
      app.log.error({ err }, 'operation log batch write failed; writing rows one by one');
    }
    for (const row of rows) {
      await opts.write([row])
        .catch((e: unknown) => app.log.error({ err: e, requestId: row.request_id }, 'operation log write failed'));
    }
  };
  function flush() {
    if (timer) clearTimeout(timer);
    timer = null;
    const rows = queue.splice(0);
    if (rows.length) track(write(rows));
  }

  app.addHook('onResponse', async (request, reply) => {
    const setting = settings.get(request.method, request.routeOptions.url);
    if (!recorded(request, setting)) return;
    const path = storableText(pathOf(request).slice(0, 255));
    queue.push({
      user_id: request.auth?.userId ?? null,
      user_name: request.auth?.name ?? attemptedUser(request),
      ip: request.ip,
      method: request.method,
      path,
      module: moduleOfPath(path).slice(0, 64),
      // What was sent, even NUL or a broken surrogate (refused by the schemas, but still recorded).
      params: paramsJson(request, setting?.keptParams),
      code: request.resultCode ?? reply.statusCode,
      duration_ms: Math.round(reply.elapsedTime),
      request_id: request.id,
    });
    // Waiting for the database to come back: the retry timer writes this row too.
    if (retryMs) return;
    if (queue.length >= FLUSH_ROWS) flush();
    else timer ??= setTimeout(flush, FLUSH_MS);
  });

  // Let in-flight log writes land before the database is closed; the extra turn lets onResponse hooks of
  // answers that just finished start their write first.
  app.addHook('onClose', async () => {
    await new Promise((resolve) => setImmediate(resolve));
    closing = true;
    flush();
    await Promise.allSettled([...pending]);
  });
});
