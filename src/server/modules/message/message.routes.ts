import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { MESSAGE } from '@shared/api/message';
import { operatorOf } from '../../lib/access';
import { route } from '../../lib/endpoint';
import type { ModuleOptions } from '../module';
import { startAlertTicker } from './alerts.ticker';
import * as messages from './message.service';
import * as templates from './template.service';

const me = (request: FastifyRequest) => operatorOf(request).operatorId;

/** Messages and their templates (src/shared/api/message.ts); screens /main/message and /Setting/Message. */
export const messageRoutes: FastifyPluginAsync<ModuleOptions> = async (app) => {
  const db = app.db;
  route(app, MESSAGE.user, async (r) => messages.userMessages(db, me(r)));
  route(app, MESSAGE.select, async (r) => messages.selectMessage(db, me(r), r.params.id));
  route(app, MESSAGE.readOne, async (r) => (await messages.readOne(db, me(r), r.params.id), null));
  route(app, MESSAGE.page, async (r) => messages.pageMessages(db, me(r), r.body));
  route(app, MESSAGE.readAll, async (r) => messages.readAll(db, me(r)));
  route(app, MESSAGE.emptyAll, async (r) => messages.emptyAll(db, me(r)));
  route(app, MESSAGE.templatePage, async (r) => templates.pageTemplates(db, r.body));
  route(app, MESSAGE.templateSave, async (r) => ({ id: await templates.saveTemplate(db, r.body, operatorOf(r).operator) }));

  const interval = app.config.alertIntervalSeconds;
  if (interval && interval > 0) startAlertTicker(app, interval * 1000);
};
