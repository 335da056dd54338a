import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { RouteLogSetting } from '../../plugins/operation-log';
import { readLogSettings } from './log.repository';

/** The change topic (app.changes) of the interface-log settings: every server re-reads them when it hears it. */
export const LOG_SETTINGS_TOPIC = 'log.settings';

export type { RouteLogSetting };

const keyOf = (method: string, logUrl: string) => `${method} ${logUrl}`;

/**
 * The interface-log settings in memory: the operation log consults them on every call, so they are read
 * once at start, again right after a change on this server, and whenever any server of the database
 * announces a change (LOG_SETTINGS_TOPIC) — never per request.
 */
export class LogSettingsCache {
  private settings = new Map<string, RouteLogSetting>();
  /** Loads started; an older load finishing after a newer one must not win. */
  private started = 0;
  private applied = 0;

  constructor(private readonly db: Kysely<DB>) {}

  /** The setting of the route `method pattern` (e.g. `GET /api/role/delete/:id`), if there is one. */
  get(method: string, routeUrl: string | undefined): RouteLogSetting | undefined {
    return routeUrl === undefined ? undefined : this.settings.get(keyOf(method, routeUrl));
  }

  async reload(): Promise<void> {
    const ticket = ++this.started;
    const rows = await readLogSettings(this.db);
    if (ticket < this.applied) return;
    this.applied = ticket;
    this.settings = new Map(rows.map((r) => [keyOf(r.method, r.log_url), { logged: r.logged === 1, keptParams: r.kept_params }]));
  }
}
