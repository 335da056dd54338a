import { SYSTEM_RULE_LIMITS, type SystemRules } from '@shared/api/systemRule';
import type { FormField } from '@renderer/components/Form';
import type { MessageKey } from '@renderer/i18n/messages';

type T = (key: MessageKey, vars?: Record<string, string | number>) => string;
type RuleKey = keyof SystemRules;
type NumberRule = keyof typeof SYSTEM_RULE_LIMITS;

/** The screen's sections and the rules in each, in the order shown. Every rule of SystemRules is in one. */
export const RULE_GROUPS: { title: MessageKey; rules: { key: RuleKey; label: MessageKey }[] }[] = [
  {
    title: 'systemRule.stock',
    rules: [
      { key: 'longOutDays', label: 'systemRule.longOutDays' },
      { key: 'auditLostAudits', label: 'systemRule.auditLostAudits' },
      { key: 'auditLostDays', label: 'systemRule.auditLostDays' },
      { key: 'householdRefuseMajorHazard', label: 'systemRule.householdRefuseMajorHazard' },
      { key: 'householdCheckMaxDays', label: 'systemRule.householdCheckMaxDays' },
    ],
  },
  {
    title: 'systemRule.production',
    rules: [
      { key: 'allowManualWeight', label: 'systemRule.allowManualWeight' },
      { key: 'vacuumBeforeFlammableFirstFill', label: 'systemRule.vacuumBeforeFlammableFirstFill' },
      { key: 'lpgLifeExtension', label: 'systemRule.lpgLifeExtension' },
      { key: 'fillerCertRequired', label: 'systemRule.fillerCertRequired' },
      { key: 'replayMaxHours', label: 'systemRule.replayMaxHours' },
      { key: 'fillMaxMinutes', label: 'systemRule.fillMaxMinutes' },
    ],
  },
  {
    title: 'systemRule.alerts',
    rules: [
      { key: 'inspectionDueDays', label: 'systemRule.inspectionDueDays' },
      { key: 'designLifeEndingDays', label: 'systemRule.designLifeEndingDays' },
      { key: 'licenceExpiringDays', label: 'systemRule.licenceExpiringDays' },
    ],
  },
  {
    title: 'systemRule.password',
    rules: [
      { key: 'passwordMinLength', label: 'systemRule.passwordMinLength' },
      { key: 'passwordMinClasses', label: 'systemRule.passwordMinClasses' },
      { key: 'passwordForbidUsername', label: 'systemRule.passwordForbidUsername' },
      { key: 'passwordForbidWeak', label: 'systemRule.passwordForbidWeak' },
    ],
  },
  {
    title: 'systemRule.login',
    rules: [
      { key: 'accessTokenMinutes', label: 'systemRule.accessTokenMinutes' },
      { key: 'refreshTokenHours', label: 'systemRule.refreshTokenHours' },
    ],
  },
];

export const RULE_KEYS: RuleKey[] = RULE_GROUPS.flatMap((g) => g.rules.map((r) => r.key));

const isNumberRule = (key: RuleKey): key is NumberRule => Object.hasOwn(SYSTEM_RULE_LIMITS, key);

/** A number with its range (also as the hint under it), or an on/off switch. */
export function ruleField(key: RuleKey, label: MessageKey, t: T, hint?: string): FormField {
  if (!isNumberRule(key)) return { key, label: t(label), type: 'switch', activeValue: true, inactiveValue: false, ...(hint ? { hint } : {}) };
  const { min, max } = SYSTEM_RULE_LIMITS[key];
  return { key, label: t(label), type: 'number', min, max, decimal: 0, hint: t('systemRule.range', { min, max }), rules: [{ required: true }] };
}

/** The rules whose value differs from the saved one: all the save sends. */
export function changedRules(saved: SystemRules, values: Record<string, unknown>): Partial<SystemRules> {
  return Object.fromEntries(RULE_KEYS.filter((k) => values[k] !== saved[k]).map((k) => [k, values[k]]));
}
