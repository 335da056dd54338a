import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { BusinessError } from '../../lib/errors';
import { insertMessages, type NewMessage } from './message.repository';
import { claimRecipients, countNotice, earlierSends } from './notice.repository';

/** Notices one user may send a minute (a recall's 通知 is rare; 370 in a minute is a flood). */
export const NOTICES_PER_MINUTE = 5;

/**
 * Counts a notice by `senderId` against its per-minute allowance, before the work of composing it: past the
 * allowance the call is refused (code -1) and nothing is sent.
 */
export async function checkNoticeRate(db: Kysely<DB>, senderId: number): Promise<void> {
  if (!(await countNotice(db, senderId, NOTICES_PER_MINUTE, 60))) {
    throw new BusinessError(`通知发送过于频繁：每人每分钟最多 ${NOTICES_PER_MINUTE} 次，请稍后再试`);
  }
}

export interface Notice {
  /** What the notice is about (e.g. a recall's lot): the same cause reaches each person once. */
  cause: string;
  senderId: number | null;
  recipients: number[];
  message: Omit<NewMessage, 'userId'>;
}

export interface NoticeSent {
  /** Recipients sent to now (never sent this cause before). */
  sent: number;
  /** Recipients sent this cause before (nothing sent to them now), and when it first and last went to them. */
  already: number;
  firstAt: string | null;
  lastAt: string | null;
}

/** Sends a notice to those of its recipients who never got one for its cause, in one transaction. */
export async function sendNotice(db: Kysely<DB>, notice: Notice): Promise<NoticeSent> {
  const users = [...new Set(notice.recipients)];
  return inTransaction(db, async (trx) => {
    const fresh = await claimRecipients(trx, notice.cause.slice(0, 160), notice.senderId, users);
    const before = users.filter((u) => !fresh.includes(u));
    const earlier = await earlierSends(trx, notice.cause.slice(0, 160), before);
    await insertMessages(trx, fresh.map((userId) => ({ ...notice.message, userId })));
    return { sent: fresh.length, already: earlier.n, firstAt: earlier.first, lastAt: earlier.last };
  });
}
