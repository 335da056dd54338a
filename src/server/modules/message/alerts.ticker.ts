import type { FastifyInstance } from 'fastify';
import { runAlertJob } from './alerts.job';

/**
 * Runs the alert job in this server process every `intervalMs` (ALERT_INTERVAL_SECONDS), starting at once:
 * a server started after a pause catches up at its start. Every process of a plant runs a ticker; the job's
 * advisory lock and its last run (job_runs) make one of them do the work. Stops with the app (onClose),
 * waiting for a run in progress.
 */
export function startAlertTicker(app: FastifyInstance, intervalMs: number): void {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let stopped = false;

  const tick = () => {
    timer = null;
    // Half the interval: two processes ticking out of step still run it about once per interval.
    running = runAlertJob(app.db, { minIntervalMs: intervalMs / 2, config: app.config })
      .catch((error: unknown) => app.log.warn({ err: error }, 'The alert job failed; it is tried again at the next tick'))
      .finally(() => {
        running = null;
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };

  app.addHook('onReady', async () => {
    if (!stopped) timer = setTimeout(tick, 0);
  });
  app.addHook('onClose', async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
  });
}
