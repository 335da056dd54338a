import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { OperationLogOptions } from '../../plugins/operation-log';
import { LOG_SETTINGS_TOPIC, LogSettingsCache } from './log-settings';
import { insertOperationLogs } from './log.repository';
import { RouteCatalogue } from './route-catalogue';

/**
 * What the app's operation log records with (app.ts hands `options` to plugins/operation-log.ts, which knows
 * neither the settings' store nor the table), and the same catalogue and settings this module's screens show
 * (app.apiRoutes, app.logSettings).
 */
export function logRecorder(db: Kysely<DB>): { routes: RouteCatalogue; settings: LogSettingsCache; options: OperationLogOptions } {
  const routes = new RouteCatalogue();
  const settings = new LogSettingsCache(db);
  return {
    routes,
    settings,
    options: { onRoute: (route) => routes.add(route), settings, settingsTopic: LOG_SETTINGS_TOPIC, write: (rows) => insertOperationLogs(db, rows) },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every declared /api route, collected as they are registered (app.ts decorates it with logRecorder's). */
    apiRoutes: RouteCatalogue;
    /** The interface-log settings the operation log follows, in memory; `reload()` after changing them. */
    logSettings: LogSettingsCache;
  }
}
