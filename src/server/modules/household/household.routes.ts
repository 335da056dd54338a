import type { FastifyPluginAsync } from 'fastify';
import { HOUSEHOLD } from '@shared/api/household';
import { actorOf, operatorOf } from '../../lib/access';
import { route } from '../../lib/endpoint';
import { configCipher } from '../../lib/field-cipher';
import { loadRules } from '../systemRule';
import * as checks from './check.service';
import * as households from './household.service';

/** 液化气用户 (src/shared/api/household.ts): the office's /storage/household and the field app's /field/household. */
export const householdRoutes: FastifyPluginAsync = async (app) => {
  const db = app.db;
  const cipher = configCipher(app.config);
  const rules = () => loadRules(db, app.config);
  route(app, HOUSEHOLD.page, async (r) => households.pageUsers(db, cipher, r.body));
  route(app, HOUSEHOLD.brief, async (r) => households.brief(db, cipher, r.params.id));
  route(app, HOUSEHOLD.info, async (r) => households.info(db, cipher, r.params.id));
  route(app, HOUSEHOLD.save, async (r) => ({ id: await households.saveUser(db, cipher, r.body, operatorOf(r)) }));
  route(app, HOUSEHOLD.reveal, async (r) => households.reveal(db, cipher, r.body.id, operatorOf(r), r.ip ?? null));
  route(app, HOUSEHOLD.reveals, async (r) => households.pageReveals(db, r.body));
  route(app, HOUSEHOLD.items, async () => checks.listItems(db));
  route(app, HOUSEHOLD.itemSave, async (r) => ({ id: await checks.saveItem(db, r.body) }));
  route(app, HOUSEHOLD.check, async (r) => checks.saveCheck(db, r.body, actorOf(r)));
  route(app, HOUSEHOLD.checks, async (r) => checks.pageChecks(db, r.body));
  route(app, HOUSEHOLD.hazards, async (r) => checks.pageHazards(db, r.body));
  route(app, HOUSEHOLD.rectify, async (r) => { await checks.rectify(db, r.body, actorOf(r)); return null; });
  route(app, HOUSEHOLD.deliver, async (r) => checks.deliver(db, rules, r.body, actorOf(r)));
  route(app, HOUSEHOLD.stations, async () => households.stations(db));
  route(app, HOUSEHOLD.copy, async (r) => households.copy(db, await rules(), r.body));
  route(app, HOUSEHOLD.deliveries, async (r) => checks.pageDeliveries(db, r.body));
  route(app, HOUSEHOLD.image, async (r, reply) => {
    const image = await checks.image(db, r.params.id, r.params.kind);
    return reply.header('content-type', image.type).header('content-length', image.bytes.length)
      .header('x-content-type-options', 'nosniff').header('cache-control', 'no-store').send(image.bytes);
  });
};
