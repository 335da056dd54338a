import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { BACKUP } from '@shared/api/backup';
import { route } from '../../lib/endpoint';
import { BusinessError } from '../../lib/errors';
import type { ModuleOptions } from '../module';
import { backupDue, backupStatus, checkArchiveLag, runBackupJob, startBackupJob, type JobDeps } from './backup.service';

/** How often a process checks whether the nightly base backup is due and how far the archive lags. */
const TICK_MS = 60_000;

/**
 * Every process of an embedded-database server ticks; the job's advisory lock makes one of them run it. The first
 * tick comes at once: the first start takes its base backup right away. Stops with the app, waiting for a run.
 */
function startBackupTicker(app: FastifyInstance, deps: JobDeps): void {
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<unknown> | null = null;
  let stopped = false;
  const tick = () => {
    timer = null;
    const b = deps.config.backup!;
    current = (async () => {
      await checkArchiveLag(deps);
      if (backupDue(b)) await runBackupJob(deps);
    })()
      .catch((error: unknown) => app.log.warn({ err: error }, 'The backup job failed; it is tried again later'))
      .finally(() => {
        current = null;
        if (!stopped) timer = setTimeout(tick, TICK_MS);
      });
  };
  app.addHook('onReady', async () => {
    if (!stopped) timer = setTimeout(tick, 0);
  });
  app.addHook('onClose', async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await current;
  });
}

/** 数据备份 (src/shared/api/backup.ts); screen /Setting/Backup. */
export const backupRoutes: FastifyPluginAsync<ModuleOptions> = async (app) => {
  const deps: JobDeps = { db: app.db, config: app.config, log: (line) => app.log.warn(line) };
  route(app, BACKUP.status, async () => backupStatus(app.db, app.config));
  route(app, BACKUP.run, async () => {
    if (!app.config.backup) throw new BusinessError('外部数据库（DATABASE_URL）的备份由数据库管理员负责，服务器不做备份');
    startBackupJob(deps);
    return backupStatus(app.db, app.config);
  });
  if (app.config.backup && !app.config.databaseUrl && (app.config.alertIntervalSeconds ?? 0) > 0) startBackupTicker(app, deps);
};
