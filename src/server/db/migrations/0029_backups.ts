import { sql, type Kysely } from 'kysely';

/**
 * Backups of the embedded database (issue 33): the message administrators receive in 消息中心 when a base backup
 * fails, its verification fails or the WAL archive falls behind, once per cause (alert_marks, cause 'backup').
 * The backups themselves and their records live in BACKUP_DIR, outside the database they protect.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`insert into message_templates (code, name, title, content, digest, role_ids)
    values ('backup', '数据备份异常', '数据备份异常', '{reason}', '{reason}', array(select id from roles where role_code = 'admin'))
    on conflict (code) do nothing`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from message_templates where code = 'backup'`.execute(db);
}
