import type { Kysely } from 'kysely';
import type { RecoverBody, RecoverResult } from '@shared/api/storage';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../lib/errors';
import { recover, runTransition, type Actor } from '../cylinder';
import { enterpriseType } from './orders.repository';

/**
 * POST /api/storageOrder/scanHandel: recovery (9 → 10) of what a customer holds; one held by another customer
 * than the one chosen is taken back and flagged, one in the plant refused (the transition's rules).
 */
export async function scanHandel(db: Kysely<DB>, body: RecoverBody, actor: Actor): Promise<RecoverResult> {
  if (body.customerId && (await enterpriseType(db, body.customerId)) !== 2) throw new BusinessError(`客户不存在：${body.customerId}`);
  return runTransition<RecoverResult>(db, recover(body), {
    code: body.code, scanId: body.scanId,
    finish: async (_trx, result) => ({ discrepancy: null, customerName: null, ...result }),
  }, actor);
}
