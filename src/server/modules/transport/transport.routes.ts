import type { FastifyPluginAsync } from 'fastify';
import { TRANSPORT } from '@shared/api/transport';
import { route } from '../../lib/endpoint';
import { configCipher } from '../../lib/field-cipher';
import * as transport from './transport.service';

/** 运输车辆 and 驾驶员与押运员 (src/shared/api/transport.ts); screens /Setting/Vehicle and /Setting/Crew. */
export const transportRoutes: FastifyPluginAsync = async (app) => {
  const cipher = configCipher(app.config);
  route(app, TRANSPORT.vehiclePage, async (request) => transport.pageVehicles(app.db, request.body));
  route(app, TRANSPORT.vehicleSave, async (request) => ({ id: await transport.saveVehicle(app.db, request.body) }));
  route(app, TRANSPORT.vehicleOptions, async () => transport.vehicleOptions(app.db));
  route(app, TRANSPORT.crewPage, async (request) => transport.pageCrew(app.db, cipher, request.body));
  route(app, TRANSPORT.crewSave, async (request) => ({ id: await transport.saveCrew(app.db, cipher, request.body) }));
  route(app, TRANSPORT.crewOptions, async (request) => transport.crewOptions(app.db, request.query.kind));
};
