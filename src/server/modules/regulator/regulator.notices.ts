import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { postMessages, templateRecipients } from '../message';
import { firstNotice } from './regulator.repository';

/** Tells 消息中心's regulatorFailing recipients (administrators) of a cause once per connection: the first time only. */
export async function tell(db: Kysely<DB>, c: { id: number; name: string }, cause: string, content: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await firstNotice(trx, c.id, cause))) return;
    const users = await templateRecipients(trx, 'regulatorFailing');
    await postMessages(trx, users.map((userId) => ({ userId, kind: 'regulatorFailing', title: '监管平台上报失败', content: content.slice(0, 1000), link: '/Setting/Regulator' })));
  });
}
