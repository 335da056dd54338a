import type { Kysely } from 'kysely';
import type { MessagePageQuery, MessageRow, UserMessages } from '@shared/api/message';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../lib/errors';
import * as repo from './message.repository';

/** A user sees and changes only their own messages: another user's id is answered as not found. */
const notFound = (id: number) => new BusinessError(`消息不存在：${id}`);

export async function userMessages(db: Kysely<DB>, userId: number): Promise<UserMessages> {
  const { count, latest } = await repo.unreadSummary(db, userId);
  return { messageNum: count, messageList: latest, initiateList: [], handleList: [] };
}

export async function selectMessage(db: Kysely<DB>, userId: number, id: number): Promise<MessageRow> {
  const row = await repo.findOwn(db, userId, id);
  if (!row) throw notFound(id);
  return row;
}

export async function readOne(db: Kysely<DB>, userId: number, id: number): Promise<void> {
  if (await repo.markRead(db, userId, id)) return;
  if (!(await repo.findOwn(db, userId, id))) throw notFound(id);
}

export const pageMessages = (db: Kysely<DB>, userId: number, q: MessagePageQuery) => repo.pageOwn(db, userId, q);

export const readAll = async (db: Kysely<DB>, userId: number) => ({ count: await repo.markAllRead(db, userId) });

/** 清空: deletes the user's read messages; unread ones stay (nothing is lost unseen). */
export const emptyAll = async (db: Kysely<DB>, userId: number) => ({ count: await repo.deleteRead(db, userId) });
