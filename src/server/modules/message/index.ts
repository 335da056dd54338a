import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { serverModule } from '../module';
import { messageRoutes } from './message.routes';
import { insertMessages, recipients, type NewMessage } from './message.repository';
import { templateByCode } from './template.repository';

/** 消息中心 and 消息模板: users' messages, their templates, and the alerts the server raises by itself. */
export const module = serverModule('message', messageRoutes);

export { renderTemplate } from './render';
export { checkNoticeRate, NOTICES_PER_MINUTE, sendNotice, type Notice, type NoticeSent } from './notice.service';
export { runAlertJob, type AlertRunOptions, type AlertRunResult } from './alerts.job';
export type { NewMessage };

/** Sends messages (one row per recipient, unread); the number written. Pass a transaction to send with a change. */
export const postMessages = (db: Kysely<DB>, messages: NewMessage[]): Promise<number> => insertMessages(db, messages);

/** The enabled users who receive a kind's messages: holders of a role its template lists, none while it is off. */
export const templateRecipients = (db: Kysely<DB>, code: string): Promise<number[]> => recipients(db, code);

/** A kind's title and digest text as last saved on 消息模板 (null when the kind has no template). */
export async function templateText(db: Kysely<DB>, code: string): Promise<{ title: string; digest: string } | null> {
  const t = await templateByCode(db, code);
  return t ? { title: t.title, digest: t.digest } : null;
}
