import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { REGULATOR } from '@shared/api/regulator';
import { operatorOf } from '../../lib/access';
import { route } from '../../lib/endpoint';
import { BusinessError } from '../../lib/errors';
import { configCipher } from '../../lib/field-cipher';
import { onSequenced } from '../integration';
import type { ModuleOptions } from '../module';
import { ADAPTERS, adapterInfo } from './adapters';
import { REGULATOR_DEFAULTS, RegulatorEngine } from './regulator.engine';
import { pageRecords, recordDetail } from './regulator.repository';
import * as service from './regulator.service';

/** The engine of each app, found from any of its plugin contexts (they share the app's HTTP server). */
const engines = new WeakMap<object, RegulatorEngine>();

/** Resolves when the app's engine has run a whole pass started after this call (tests; a caller that must see the effect). */
export async function settleRegulator(app: FastifyInstance): Promise<void> {
  await engines.get(app.server)?.settle();
}

/** 监管平台对接 (src/shared/api/regulator.ts, docs/REGULATOR.md); screen /Setting/Regulator. Every process runs the engine. */
export const regulatorRoutes: FastifyPluginAsync<ModuleOptions> = async (app) => {
  const cipher = configCipher(app.config);
  const tuning = app.config.regulator;
  const engine = tuning === false ? null : new RegulatorEngine(app.db, (handler) => onSequenced(app, handler), { ...REGULATOR_DEFAULTS, ...tuning },
    cipher, (line) => app.log.warn(line));
  if (engine) {
    app.addHook('onReady', async () => engine.start());
    app.addHook('onClose', () => engine.stop());
  }
  if (engine) engines.set(app.server, engine);

  route(app, REGULATOR.adapters, async () => ADAPTERS.map(adapterInfo));
  route(app, REGULATOR.connections, async () => service.listConnections(app.db));
  route(app, REGULATOR.saveConnection, async (request) => {
    const id = await service.saveConnection(app.db, cipher, request.body, operatorOf(request).operator);
    engine?.wake(true);
    return { id };
  });
  route(app, REGULATOR.enableConnection, async (request) => {
    await service.enableConnection(app.db, request.body.id, request.body.enabled);
    engine?.wake(true);
    return null;
  });
  route(app, REGULATOR.codeMap, async (request) => service.codeMap(app.db, request.body.connectionId, request.body.table));
  route(app, REGULATOR.saveCodeMap, async (request) => {
    await service.saveCodeMap(app.db, request.body);
    engine?.wake();
    return null;
  });
  route(app, REGULATOR.records, async (request) => pageRecords(app.db, request.body));
  route(app, REGULATOR.record, async (request) => {
    const detail = await recordDetail(app.db, request.query.id);
    if (!detail) throw new BusinessError(`上报记录不存在：${request.query.id}`);
    return detail;
  });
  route(app, REGULATOR.resend, async (request) => {
    const requeued = await service.resend(app.db, request.body.connectionId, request.body.ids);
    engine?.wake();
    return { requeued };
  });
  route(app, REGULATOR.backfill, async (request) => {
    const result = await service.backfill(app.db, request.body);
    engine?.wake();
    return result;
  });
};
