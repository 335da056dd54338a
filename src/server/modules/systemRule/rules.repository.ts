import { sql, type Kysely, type Transaction } from 'kysely';
import { SYSTEM_RULE_DEFAULTS, SYSTEM_RULE_LIMITS } from '@shared/api/systemRule';
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

/** A boolean rule read inside another statement (the fill gate): the saved value, else the default. */
export function ruleFlag(key: 'vacuumBeforeFlammableFirstFill' | 'lpgLifeExtension' | 'allowManualWeight' | 'fillerCertRequired') {
  return sql<boolean>`coalesce((select case when jsonb_typeof(r.value) = 'boolean' then (r.value)::text::boolean end
    from system_rules r where r.rule_key = ${key}), ${SYSTEM_RULE_DEFAULTS[key]})`;
}

/**
 * A number rule read inside another statement (a scan's time bounds): the saved value when it is a whole number
 * in the rule's range (as loadRules takes it), else the default.
 */
export function ruleNumber(key: 'replayMaxHours' | 'fillMaxMinutes' | 'auditLostAudits' | 'auditLostDays') {
  const { min, max, default: fallback } = SYSTEM_RULE_LIMITS[key];
  return sql<number>`coalesce((select case when jsonb_typeof(r.value) = 'number' and (r.value)::text::numeric = trunc((r.value)::text::numeric)
    and (r.value)::text::numeric between ${min} and ${max} then (r.value)::text::numeric::int end
    from system_rules r where r.rule_key = ${key}), ${fallback})`;
}

/** Enabled users holding produce:filling (through a role) whose filling-operator certificate is missing, expired or covers no gas. */
export async function uncertifiedFillers(db: Kysely<DB>) {
  return db.selectFrom('users as u')
    .select(['u.id', 'u.username', 'u.name', 'u.filler_cert_no as certNo', sql<string | null>`to_char(u.filler_cert_expiry, 'YYYY-MM-DD')`.as('certExpiry'),
      'u.filler_cert_categories as categories'])
    .where('u.status', '=', 1)
    .where((eb) => eb.exists(eb.selectFrom('user_roles as ur').innerJoin('role_buttons as b', 'b.role_id', 'ur.role_id')
      .select(sql.lit(1).as('one')).whereRef('ur.user_id', '=', 'u.id').where('b.button_key', '=', 'produce:filling')))
    .where((eb) => eb.or([
      eb('u.filler_cert_no', 'is', null), eb(sql`btrim(u.filler_cert_no)`, '=', ''), eb('u.filler_cert_expiry', 'is', null),
      eb('u.filler_cert_expiry', '<', sql<string>`current_date`), eb(sql`cardinality(u.filler_cert_categories)`, '=', 0),
    ]))
    .orderBy('u.id').execute();
}
