import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from './endpoint';
import { Bool, Int } from './schema';

/**
 * The plant's switches the server enforces (系统规则), each with its default and range. Token lifetimes
 * default to the server's ACCESS_TOKEN_TTL / REFRESH_TOKEN_TTL until an administrator saves them.
 */
export const SYSTEM_RULE_LIMITS = {
  longOutDays: { min: 1, max: 3650, default: 90 },
  inspectionDueDays: { min: 1, max: 365, default: 30 },
  designLifeEndingDays: { min: 1, max: 3650, default: 90 },
  licenceExpiringDays: { min: 1, max: 365, default: 30 },
  passwordMinLength: { min: 8, max: 64, default: 8 },
  passwordMinClasses: { min: 1, max: 4, default: 2 },
  accessTokenMinutes: { min: 1, max: 1440, default: 15 },
  refreshTokenHours: { min: 1, max: 2160, default: 30 },
  replayMaxHours: { min: 1, max: 720, default: 24 },
  fillMaxMinutes: { min: 1, max: 1440, default: 120 },
  auditLostAudits: { min: 1, max: 20, default: 2 },
  auditLostDays: { min: 1, max: 3650, default: 90 },
  householdCheckMaxDays: { min: 1, max: 3650, default: 365 },
} as const;

const limit = (title: string, key: keyof typeof SYSTEM_RULE_LIMITS) =>
  Int(title, { minimum: SYSTEM_RULE_LIMITS[key].min, maximum: SYSTEM_RULE_LIMITS[key].max });

export const SystemRules = Type.Object({
  /** A cylinder at a customer longer than this counts as long out (库存查询, 客户持瓶). */
  longOutDays: limit('长期在外天数', 'longOutDays'),
  /** Messages: a periodic inspection due within this many days is announced (消息模板 定期检验即将到期). */
  inspectionDueDays: limit('检验到期提前提醒天数', 'inspectionDueDays'),
  /** Messages: a design life ending within this many days is announced. */
  designLifeEndingDays: limit('设计使用年限届满提前提醒天数', 'designLifeEndingDays'),
  /** Messages: the filling licence expiring within this many days is announced. */
  licenceExpiringDays: limit('充装许可证到期提前提醒天数', 'licenceExpiringDays'),
  /** Whether a weight may be typed at re-weighing (still needs the produce:manualWeight key). */
  allowManualWeight: Bool('允许手工录入重量'),
  /** The fill gate asks for vacuum handling before a flammable gas's first fill (and first after an inspection). */
  vacuumBeforeFlammableFirstFill: Bool('可燃气体首次充装前须抽真空'),
  /** A passed periodic inspection extends an LPG cylinder's design life (8 → 12 years). */
  lpgLifeExtension: Bool('液化石油气钢瓶检验合格后延长使用年限'),
  /**
   * 领瓶 and 充装 ask the operator for a valid filling-operator certificate (气瓶充装作业人员证) covering the gas's
   * category (gate reasons 未持证 and 超期). On for a new plant; an existing plant got it off (migration 0030).
   */
  fillerCertRequired: Bool('充装人员须持有效作业证'),
  /**
   * A scan kept at a station through an outage and sent again later than this keeps its station time only as a
   * claim flagged for a supervisor: the server's time stands (src/server/modules/cylinder/station-time.ts).
   */
  replayMaxHours: limit('离线补传最长时限（小时）', 'replayMaxHours'),
  /** A fill's start and end (startedAt/endedAt) lie within this many minutes before its scan, or it is refused. */
  fillMaxMinutes: limit('单次充装最长时长（分钟）', 'fillMaxMinutes'),
  /** 客户盘点: a cylinder missed by this many consecutive audits of its customer is reckoned lost (丢失). */
  auditLostAudits: limit('盘点未见几次判定丢失', 'auditLostAudits'),
  /** 客户盘点: or when this many days have passed since an audit first missed it. */
  auditLostDays: limit('首次盘点未见后几天判定丢失', 'auditLostDays'),
  /** 配送到户 is refused while the household user has an open major hazard (重大隐患) from a safety check. */
  householdRefuseMajorHazard: Bool('有未整改重大隐患的液化气用户拒绝配送'),
  /** 配送到户 is refused when the user's last safety check (入户安检) is older than this many days, or there is none. */
  householdCheckMaxDays: limit('入户安检有效天数', 'householdCheckMaxDays'),
  passwordMinLength: limit('密码最短长度', 'passwordMinLength'),
  /** Of lower case, upper case, digits and other characters. */
  passwordMinClasses: limit('密码至少包含的字符类别数', 'passwordMinClasses'),
  passwordForbidUsername: Bool('密码不得包含用户名'),
  passwordForbidWeak: Bool('禁止常见弱密码'),
  accessTokenMinutes: limit('访问令牌有效期（分钟）', 'accessTokenMinutes'),
  refreshTokenHours: limit('刷新令牌有效期（小时）', 'refreshTokenHours'),
});
export type SystemRules = Static<typeof SystemRules>;

/** The rules a plant starts with (token lifetimes: see SYSTEM_RULE_LIMITS and the server configuration). */
export const SYSTEM_RULE_DEFAULTS: SystemRules = {
  longOutDays: SYSTEM_RULE_LIMITS.longOutDays.default,
  inspectionDueDays: SYSTEM_RULE_LIMITS.inspectionDueDays.default,
  designLifeEndingDays: SYSTEM_RULE_LIMITS.designLifeEndingDays.default,
  licenceExpiringDays: SYSTEM_RULE_LIMITS.licenceExpiringDays.default,
  allowManualWeight: true,
  vacuumBeforeFlammableFirstFill: true,
  lpgLifeExtension: true,
  fillerCertRequired: true,
  replayMaxHours: SYSTEM_RULE_LIMITS.replayMaxHours.default,
  fillMaxMinutes: SYSTEM_RULE_LIMITS.fillMaxMinutes.default,
  auditLostAudits: SYSTEM_RULE_LIMITS.auditLostAudits.default,
  auditLostDays: SYSTEM_RULE_LIMITS.auditLostDays.default,
  householdRefuseMajorHazard: true,
  householdCheckMaxDays: SYSTEM_RULE_LIMITS.householdCheckMaxDays.default,
  passwordMinLength: SYSTEM_RULE_LIMITS.passwordMinLength.default,
  passwordMinClasses: SYSTEM_RULE_LIMITS.passwordMinClasses.default,
  passwordForbidUsername: true,
  passwordForbidWeak: true,
  accessTokenMinutes: SYSTEM_RULE_LIMITS.accessTokenMinutes.default,
  refreshTokenHours: SYSTEM_RULE_LIMITS.refreshTokenHours.default,
};

/** POST /api/setting/rule/save: the rules to change (others keep their value). */
export const SystemRuleSaveBody = Type.Partial(SystemRules, { minProperties: 1 });
export type SystemRuleSaveBody = Static<typeof SystemRuleSaveBody>;

/** System rules (SPEC section 7, Settings); screen /Setting/SystemSetting. Every signed-in user reads them (stations need them). */
/** A user holding produce:filling without a valid filling-operator certificate (before turning the rule on). */
export const UncertifiedFiller = Type.Object({
  id: Type.Integer(), username: Type.String(), name: Type.String(),
  certNo: Type.Union([Type.String(), Type.Null()]), certExpiry: Type.Union([Type.String(), Type.Null()]),
  categories: Type.Array(Type.String()),
  /** Why it is not valid, in words (未持证, 已过期, 未填写适用介质类别). */
  problem: Type.String(),
});
export type UncertifiedFiller = Static<typeof UncertifiedFiller>;

export const SYSTEM_RULE = {
  get: endpoint({ method: 'GET', path: '/api/setting/systemRule/get', summary: '系统规则（当前生效值）', permission: 'authenticated', data: SystemRules }),
  save: endpoint({
    method: 'POST', path: '/api/setting/rule/save', summary: '保存系统规则（只改所给的项）', permission: 'systemRule:save', body: SystemRuleSaveBody, data: SystemRules,
  }),
  uncertifiedFillers: endpoint({
    method: 'GET', path: '/api/setting/systemRule/uncertifiedFillers', summary: '持有充装权限但没有有效充装作业证的用户（开启“充装人员须持有效作业证”之前查看）',
    permission: 'systemRule:view', data: Type.Array(UncertifiedFiller),
  }),
};
