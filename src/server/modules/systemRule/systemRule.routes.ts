import type { FastifyPluginAsync } from 'fastify';
import { SYSTEM_RULE } from '@shared/api/systemRule';
import { route } from '../../lib/endpoint';
import { operatorOf } from '../../lib/access';
import { loadRules, saveRules, type EffectiveRules } from './rules';
import { uncertifiedFillers } from './rules.repository';
import { today as todayText } from '../../lib/dates';

/** What the API shows of the rules: without the lifetimes in seconds the server derives. */
const shown = ({ accessTokenTtl: _a, refreshTokenTtl: _r, ...rules }: EffectiveRules) => rules;

/** System rules (src/shared/api/systemRule.ts): read by every signed-in user, saved with systemRule:save. */
export const systemRuleRoutes: FastifyPluginAsync = async (app) => {
  route(app, SYSTEM_RULE.get, async () => shown(await loadRules(app.db, app.config)));
  route(app, SYSTEM_RULE.save, async (request) => {
    await saveRules(app.db, request.body, operatorOf(request).operator);
    return shown(await loadRules(app.db, app.config));
  });
  route(app, SYSTEM_RULE.uncertifiedFillers, async () => (await uncertifiedFillers(app.db)).map((u) => {
    const today = todayText();
    const problem = !u.certNo?.trim() ? '未持证' : !u.certExpiry ? '未填写有效期' : u.certExpiry < today ? `已于 ${u.certExpiry} 到期` : '未填写适用介质类别';
    return { ...u, problem };
  }));
};
