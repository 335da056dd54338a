import { serverModule } from '../module';
import { systemRuleRoutes } from './systemRule.routes';

/** 系统规则: the switches the server enforces, read fresh where they apply. */
export const module = serverModule('systemRule', systemRuleRoutes);
export { loadRules, type EffectiveRules } from './rules';
export { ruleFlag, ruleNumber } from './rules.repository';
export { assertPasswordAllowed } from './password-policy';
