import type { Kysely } from 'kysely';
import { MESSAGE_KINDS, type TemplatePageQuery, type TemplateSaveBody } from '@shared/api/message';
import type { DB } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { mapUniqueViolation } from '../../lib/db-errors';
import { BusinessError } from '../../lib/errors';
import { unknownPlaceholders } from './render';
import * as repo from './template.repository';

export const pageTemplates = (db: Kysely<DB>, q: TemplatePageQuery) => repo.pageTemplates(db, q);

const PARTS = [['title', '标题'], ['content', '内容'], ['digest', '汇总内容']] as const;
const duplicate = (code: string) => `该类型已有模板：${MESSAGE_KINDS[code as keyof typeof MESSAGE_KINDS]?.name ?? code}`;

/** Creates the template of a kind that has none, or (with id) saves one; the kind of a template never changes. */
export async function saveTemplate(db: Kysely<DB>, body: TemplateSaveBody, by: string): Promise<number> {
  const kind = MESSAGE_KINDS[body.code];
  const values: repo.TemplateValues = {
    code: body.code, name: kind.name, title: body.title.trim(), content: body.content.trim(), digest: body.digest.trim(),
    enabled: body.enabled, role_ids: [...new Set(body.roleIds)].sort((a, b) => a - b), updated_by: by,
  };
  for (const [part, label] of PARTS) {
    if (!values[part]) throw new BusinessError(`参数错误：${label}不能为空`);
    const unknown = unknownPlaceholders(body.code, part, values[part]);
    if (unknown.length) throw new BusinessError(`${label}中有该类型不支持的占位符：${unknown.map((p) => `{${p}}`).join('、')}`);
  }
  return mapUniqueViolation(() => inTransaction(db, async (trx) => {
    const found = await repo.existingRoles(trx, values.role_ids);
    const missing = values.role_ids.filter((id) => !found.includes(id));
    if (missing.length) throw new BusinessError(`角色不存在：${missing.join('、')}`);
    if (body.id === undefined) {
      if (await repo.findTemplate(trx, { code: body.code })) throw new BusinessError(duplicate(body.code));
      return repo.insertTemplate(trx, values);
    }
    const current = await repo.findTemplate(trx, { id: body.id });
    if (!current) throw new BusinessError(`消息模板不存在：${body.id}`);
    if (current.code !== body.code) throw new BusinessError('消息模板的类型不能修改');
    await repo.updateTemplate(trx, body.id, values);
    return body.id;
  }), { message_templates_code_key: duplicate });
}
