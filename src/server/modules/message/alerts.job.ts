import type { Kysely, Transaction } from 'kysely';
import type { AppConfig } from '../../config';
import type { DB } from '../../db/schema';
import { loadRules } from '../systemRule';
import * as alerts from './alerts.repository';
import { composeMessages } from './alerts.compose';
import { insertMessages, recipients } from './message.repository';
import * as templates from './template.repository';

export const ALERT_JOB = 'alerts';
const CAUSES: alerts.AlertCause[] = [
  'inspectionDue', 'inspectionOverdue', 'designLifeEnding', 'analysisWaiting', 'longOut', 'outboundUnscanned', 'licenceExpiring',
];

export interface AlertRunOptions {
  /** The run's clock (tests move it); now by default. */
  now?: Date;
  /** Skip when the job ran less than this long ago (the ticker's guard between processes); 0 by default. */
  minIntervalMs?: number;
  /** Token lifetimes for the rules' defaults: irrelevant here, the alert rules do not depend on them. */
  config?: Pick<AppConfig, 'accessTokenTtl' | 'refreshTokenTtl'>;
}

export interface AlertRunResult {
  /** false: another process holds the run, or the job ran within minIntervalMs. */
  ran: boolean;
  /** New marks per cause. */
  raised: Partial<Record<alerts.AlertCause, number>>;
  cleared: number;
  messages: number;
}

async function raiseCause(trx: Transaction<DB>, cause: alerts.AlertCause, clock: alerts.AlertClock): Promise<{ raised: number; cleared: number; messages: number }> {
  const cleared = await alerts.clearGone(trx, cause, clock);
  const keys = await alerts.raiseNew(trx, cause, clock);
  if (!keys.length) return { raised: 0, cleared, messages: 0 };
  // A disabled template (or one no enabled user receives) still raises its marks, so turning it on later
  // does not flood anyone with what already stood; it only sends nothing.
  const template = await templates.templateByCode(trx, cause);
  const users = template?.enabled === 1 ? await recipients(trx, cause) : [];
  if (!template || !users.length) return { raised: keys.length, cleared, messages: 0 };
  const messages = await composeMessages(trx, cause, keys, template, users, clock);
  return { raised: keys.length, cleared, messages: await insertMessages(trx, messages) };
}

/**
 * One run of the alert job: for every cause, clears the marks whose cause is gone and raises a mark (and
 * messages) for each subject newly standing. All writes of a run are one transaction, under a
 * transaction-level advisory lock: with several server processes on one database one runs it, the others
 * skip, and the open marks' unique index makes a subject's alert once per standing cause.
 */
export async function runAlertJob(db: Kysely<DB>, opts: AlertRunOptions = {}): Promise<AlertRunResult> {
  const now = opts.now ?? new Date();
  const rules = await loadRules(db, opts.config ?? { accessTokenTtl: 900, refreshTokenTtl: 108_000 });
  return db.transaction().execute(async (trx) => {
    await alerts.setRunTimeouts(trx);
    const claim = await alerts.claimRun(trx, ALERT_JOB);
    const skipped: AlertRunResult = { ran: false, raised: {}, cleared: 0, messages: 0 };
    if (!claim.locked) return skipped;
    const min = opts.minIntervalMs ?? 0;
    if (min > 0 && claim.lastRunAt && now.getTime() - claim.lastRunAt.getTime() < min) return skipped;
    const clock: alerts.AlertClock = {
      now, today: await alerts.todayOf(trx, now),
      inspectionDueDays: rules.inspectionDueDays, designLifeEndingDays: rules.designLifeEndingDays,
      longOutDays: rules.longOutDays, licenceExpiringDays: rules.licenceExpiringDays,
    };
    const result: AlertRunResult = { ran: true, raised: {}, cleared: 0, messages: 0 };
    for (const cause of CAUSES) {
      const r = await raiseCause(trx, cause, clock);
      if (r.raised) result.raised[cause] = r.raised;
      result.cleared += r.cleared;
      result.messages += r.messages;
    }
    await alerts.recordRun(trx, ALERT_JOB, now);
    return result;
  });
}
