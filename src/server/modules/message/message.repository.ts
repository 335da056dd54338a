import { sql, type Kysely, type Transaction } from 'kysely';
import type { MessagePageQuery, MessageRow } from '@shared/api/message';
import type { PageResult } from '@shared/api/schema';
import type { DB } from '../../db/schema';
import { escapeLike, paginate } from '../../lib/paging';
import { ts } from '../../lib/sql';

type Db = Kysely<DB>;

/** One message to send: its recipient, kind (template code), texts and link. */
export interface NewMessage {
  userId: number;
  kind: string;
  title: string;
  content: string;
  link: string | null;
  subjectKey?: string | null;
}

function rows(db: Db, userId: number) {
  return db.selectFrom('messages as m').where('m.user_id', '=', userId).select([
    'm.id', 'm.kind', 'm.title', 'm.content', 'm.link', 'm.read_flag as readFlag', ts('m.created_at').as('createdAt'),
  ]);
}

/** Unread count (index messages_user_read_idx) and the newest five unread. */
export async function unreadSummary(db: Db, userId: number): Promise<{ count: number; latest: MessageRow[] }> {
  const [count, latest] = await Promise.all([
    db.selectFrom('messages').select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId).where('read_flag', '=', 0).executeTakeFirstOrThrow(),
    rows(db, userId).where('m.read_flag', '=', 0).orderBy('m.id', 'desc').limit(5).execute(),
  ]);
  return { count: Number(count.n), latest };
}

export const findOwn = (db: Db, userId: number, id: number): Promise<MessageRow | undefined> =>
  rows(db, userId).where('m.id', '=', id).executeTakeFirst();

export function pageOwn(db: Db, userId: number, q: MessagePageQuery): Promise<PageResult<MessageRow>> {
  let query = rows(db, userId);
  if (q.readFlag === 0 || q.readFlag === 1) query = query.where('m.read_flag', '=', q.readFlag);
  if (q.kind) query = query.where('m.kind', '=', q.kind);
  const keyword = q.keyword?.trim();
  if (keyword) {
    const like = `%${escapeLike(keyword)}%`;
    query = query.where((eb) => eb.or([eb('m.title', 'ilike', like), eb('m.content', 'ilike', like)]));
  }
  return paginate(query, q, { sorts: { id: 'm.id' }, defaultSort: 'id', tieBreaker: 'm.id' });
}

/** Marks one of the user's messages read; the number changed (0: not theirs, or already read). */
export async function markRead(db: Db, userId: number, id: number): Promise<number> {
  const r = await db.updateTable('messages').set({ read_flag: 1 }).where('id', '=', id).where('user_id', '=', userId)
    .where('read_flag', '=', 0).executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function markAllRead(db: Db, userId: number): Promise<number> {
  const r = await db.updateTable('messages').set({ read_flag: 1 }).where('user_id', '=', userId).where('read_flag', '=', 0).executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function deleteRead(db: Db, userId: number): Promise<number> {
  const r = await db.deleteFrom('messages').where('user_id', '=', userId).where('read_flag', '=', 1).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Inserts the messages in batches; the number written. */
export async function insertMessages(db: Db | Transaction<DB>, messages: NewMessage[]): Promise<number> {
  let written = 0;
  for (let i = 0; i < messages.length; i += 1000) {
    const batch = messages.slice(i, i + 1000).map((m) => ({
      user_id: m.userId, kind: m.kind, title: m.title.slice(0, 255), content: m.content.slice(0, 2000),
      link: m.link ? m.link.slice(0, 512) : null, subject_key: m.subjectKey ? m.subjectKey.slice(0, 128) : null,
    }));
    await db.insertInto('messages').values(batch).execute();
    written += batch.length;
  }
  return written;
}

/** Enabled users holding one of the roles the kind's template lists (none while the template is off). */
export async function recipients(db: Db | Transaction<DB>, code: string): Promise<number[]> {
  const r = await db.selectFrom('message_templates as t')
    .innerJoin('user_roles as ur', (j) => j.on(sql<boolean>`ur.role_id = any(t.role_ids)`))
    .innerJoin('users as u', 'u.id', 'ur.user_id')
    .where('t.code', '=', code).where('t.enabled', '=', 1).where('u.status', '=', 1)
    .select('u.id').distinct().orderBy('u.id').execute();
  return r.map((x) => x.id);
}
