import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { SETTING, SETTING_KEYS, type SettingKind } from '@shared/api/setting';
import { operatorOf, requirePermission } from '../../lib/access';
import { route } from '../../lib/endpoint';
import { langOf } from '../../lib/lang';
import * as settings from './setting.service';

/** The kind's key for `what` (SETTING_KEYS): the routes declare 'authenticated', the kind decides. */
const allow = (request: FastifyRequest, kind: SettingKind, what: 'view' | 'save' | 'copy') => requirePermission(request, SETTING_KEYS[kind][what]);

/** 报表设置, 记录内容设置, 标签设置 (src/shared/api/setting.ts). */
export const settingRoutes: FastifyPluginAsync = async (app) => {
  route(app, SETTING.list, async (request) => {
    await allow(request, request.body.kind, 'view');
    return settings.listSettings(app.db, request.body, langOf(request));
  });
  route(app, SETTING.page, async (request) => {
    await allow(request, request.body.kind, 'view');
    return settings.pageSettings(app.db, request.body, langOf(request));
  });
  // Any signed-in user: a station shows and requires the fields the server will require of its record.
  route(app, SETTING.recordRules, async (request) => settings.recordRules(app.db, request.params.key));
  route(app, SETTING.info, async (request) => {
    await allow(request, request.params.key, 'view');
    return settings.settingInfo(app.db, request.params.key, request.params.id);
  });
  route(app, SETTING.save, async (request) => {
    await allow(request, request.body.kind, 'save');
    return { id: await settings.saveSetting(app.db, request.body, operatorOf(request).operator) };
  });
  route(app, SETTING.copy, async (request) => {
    await allow(request, await settings.kindOf(app.db, request.body.id), 'copy');
    return { id: await settings.copySetting(app.db, request.body, operatorOf(request).operator) };
  });
};
