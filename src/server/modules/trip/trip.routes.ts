import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { TRIP } from '@shared/api/trip';
import { actorOf, operatorOf, permissionsOf } from '../../lib/access';
import { route } from '../../lib/endpoint';
import { configCipher } from '../../lib/field-cipher';
import { sendPrinted } from '../report';
import { proofImage, proveStop } from './proof.service';
import { receipt } from './receipt.service';
import { closeTrip, manifest, reconcile } from './reconcile.service';
import { deliverAtStop, pickupAtStop, unloadFromTrip } from './road.service';
import { requireVisible, type Viewer } from './trip.access';
import * as trips from './trip.service';

const viewerOf = (r: FastifyRequest): Viewer => ({ userId: operatorOf(r).operatorId, can: permissionsOf(r) });

/** 车次 (issue 37): the office's trips (/storage/trip), the driver's field app (/field), the public receipt. */
export const tripRoutes: FastifyPluginAsync = async (app) => {
  const db = app.db;
  const cipher = configCipher(app.config);
  route(app, TRIP.page, async (r) => trips.tripPage(db, viewerOf(r), r.body));
  route(app, TRIP.save, async (r) => ({ id: await trips.saveTrip(db, cipher, r.body, operatorOf(r).operatorId) }));
  route(app, TRIP.addOrder, async (r) => { await trips.addOrder(db, cipher, r.body); return null; });
  route(app, TRIP.removeOrder, async (r) => { await trips.removeOrder(db, r.body); return null; });
  route(app, TRIP.orderStops, async (r) => { await trips.orderStops(db, r.body); return null; });
  route(app, TRIP.depart, async (r) => { await trips.depart(db, cipher, r.body.id); return null; });
  route(app, TRIP.options, async () => trips.tripOptions(db));
  route(app, TRIP.manifest, async (r) => { await requireVisible(db, viewerOf(r), r.params.id); return manifest(db, r.params.id); });
  route(app, TRIP.deliver, async (r) => deliverAtStop(db, viewerOf(r), r.body, actorOf(r)));
  route(app, TRIP.pickup, async (r) => pickupAtStop(db, viewerOf(r), r.body, actorOf(r)));
  route(app, TRIP.proof, async (r) => proveStop(db, viewerOf(r), r.body, actorOf(r)));
  route(app, TRIP.unload, async (r) => unloadFromTrip(db, r.body, actorOf(r)));
  route(app, TRIP.reconcile, async (r) => { await requireVisible(db, viewerOf(r), r.params.id); return reconcile(db, r.params.id); });
  route(app, TRIP.close, async (r) => closeTrip(db, r.body, actorOf(r)));
  route(app, TRIP.receipt, async (r, reply) => {
    return sendPrinted(reply, await receipt(db, r.params.token));
  });
  route(app, TRIP.proofImage, async (r, reply) => {
    const image = await proofImage(db, r.params.stopId, r.params.kind);
    return reply.header('content-type', image.type).header('content-length', image.bytes.length)
      .header('x-content-type-options', 'nosniff').header('cache-control', 'no-store').send(image.bytes);
  });
};
