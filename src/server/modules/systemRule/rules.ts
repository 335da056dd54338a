import type { Kysely } from 'kysely';
import { SYSTEM_RULE_DEFAULTS, SYSTEM_RULE_LIMITS, type SystemRuleSaveBody, type SystemRules } from '@shared/api/systemRule';
import type { AppConfig } from '../../config';
import type { DB } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import * as repo from './rules.repository';

type RuleKey = keyof SystemRules;
const RULE_KEYS = Object.keys(SYSTEM_RULE_DEFAULTS) as RuleKey[];

/** The defaults of this server: the token lifetimes follow ACCESS_TOKEN_TTL / REFRESH_TOKEN_TTL until saved. */
export function ruleDefaults(config: Pick<AppConfig, 'accessTokenTtl' | 'refreshTokenTtl'>): SystemRules {
  const { accessTokenMinutes: a, refreshTokenHours: r } = SYSTEM_RULE_LIMITS;
  const clamp = (v: number, l: { min: number; max: number }) => Math.min(l.max, Math.max(l.min, Math.round(v)));
  return {
    ...SYSTEM_RULE_DEFAULTS,
    accessTokenMinutes: clamp(config.accessTokenTtl / 60, a),
    refreshTokenHours: clamp(config.refreshTokenTtl / 3600, r),
  };
}

/** A saved value of the right type, or undefined (a row written by an older version, or by hand). */
function valid(key: RuleKey, value: unknown): boolean {
  const def = SYSTEM_RULE_DEFAULTS[key];
  if (typeof def === 'boolean') return typeof value === 'boolean';
  const l = SYSTEM_RULE_LIMITS[key as keyof typeof SYSTEM_RULE_LIMITS];
  return Number.isInteger(value) && (value as number) >= l.min && (value as number) <= l.max;
}

export interface EffectiveRules extends SystemRules {
  /** Token lifetimes in seconds: the saved rule, or exactly the server's configuration when none is saved. */
  accessTokenTtl: number;
  refreshTokenTtl: number;
}

/** The rules in force, read fresh (one small query): a saved change applies to the next request of every server. */
export async function loadRules(db: Kysely<DB>, config: Pick<AppConfig, 'accessTokenTtl' | 'refreshTokenTtl'>): Promise<EffectiveRules> {
  const rows = await repo.savedRules(db);
  const rules: SystemRules = ruleDefaults(config);
  const saved = new Set<string>();
  for (const row of rows) {
    const key = row.rule_key as RuleKey;
    if (RULE_KEYS.includes(key) && valid(key, row.value)) {
      (rules as unknown as Record<string, unknown>)[key] = row.value;
      saved.add(key);
    }
  }
  return {
    ...rules,
    accessTokenTtl: saved.has('accessTokenMinutes') ? rules.accessTokenMinutes * 60 : config.accessTokenTtl,
    refreshTokenTtl: saved.has('refreshTokenHours') ? rules.refreshTokenHours * 3600 : config.refreshTokenTtl,
  };
}

/** Saves the given rules in one transaction (the schema has checked each range). */
export async function saveRules(db: Kysely<DB>, body: SystemRuleSaveBody, by: string): Promise<void> {
  const entries = Object.entries(body).filter(([k, v]) => RULE_KEYS.includes(k as RuleKey) && v !== undefined);
  if (!entries.length) return;
  await inTransaction(db, async (trx) => {
    await repo.upsertRules(trx, entries, by);
  });
}
