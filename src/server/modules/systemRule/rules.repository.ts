import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';

/** The statements of 系统规则 (rules.ts holds the defaults and the checks). */

export const savedRules = (db: Kysely<DB>) => db.selectFrom('system_rules').select(['rule_key', 'value']).execute();

export async function upsertRules(trx: Transaction<DB>, entries: Array<[string, unknown]>, by: string): Promise<void> {
  await trx.insertInto('system_rules')
    .values(entries.map(([rule_key, value]) => ({ rule_key, value: JSON.stringify(value), updated_by: by })))
    .onConflict((oc) => oc.column('rule_key').doUpdateSet((eb) => ({
      value: eb.ref('excluded.value'), updated_by: eb.ref('excluded.updated_by'), updated_at: sql`now()`,
    })))
    .execute();
}
