import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { PORTAL } from '@shared/api/portal';
import { operatorOf, portalEnterpriseOf } from '../../lib/access';
import { route } from '../../lib/endpoint';
import { BusinessError, ForbiddenError } from '../../lib/errors';
import { printReport, sendPrinted } from '../report';
import * as accounts from './account.service';
import { accountPage, me } from './account.repository';
import { deliveryPage, isDeliveryOf } from './delivery.queries';
import { heldNow } from './holdings';
import { pickupPage } from './pickup.repository';
import { handlePickup, requestPickup } from './pickup.service';
import { asHeld } from './portal.service';
import { statementDetail, statementPage, statementPdf } from './rental.adapter';

const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** Another enterprise's record answers as one that does not exist for the caller: refused, nothing said about it. */
const NOT_YOURS = () => new ForbiddenError('portal');

/** The customer portal (src/shared/api/portal.ts): its invitation, the plant's 门户账号, and the customer's own reads. */
export const portalRoutes: FastifyPluginAsync = async (app) => {
  const db = app.db;

  route(app, PORTAL.invitationCheck, async (request) => accounts.invitation(db, request.body.token));
  route(app, PORTAL.invitationAccept, async (request) => accounts.accept(db, app.config, request.body.token, request.body.password));

  route(app, PORTAL.accountPage, async (request) => accountPage(db, request.body));
  route(app, PORTAL.accountInvite, async (request) => accounts.invite(db, request.body, operatorOf(request).operatorId, originOf(request)));
  route(app, PORTAL.accountReinvite, async (request) => accounts.reinvite(db, request.body.id, operatorOf(request).operatorId, originOf(request)));
  route(app, PORTAL.accountStatus, async (request) => {
    await accounts.setStatus(db, request.body.id, request.body.status);
    return null;
  });

  route(app, PORTAL.pickupPlantPage, async (request) => pickupPage(db, request.body, null));
  route(app, PORTAL.pickupHandle, async (request) => {
    await handlePickup(db, request.body.id, request.body.status, operatorOf(request).operator);
    return null;
  });

  // The customer's own: every read below is filtered by the account's enterprise, never by what the client sends.
  route(app, PORTAL.me, async (request) => {
    portalEnterpriseOf(request);
    const found = await me(db, operatorOf(request).operatorId);
    if (!found) throw NOT_YOURS();
    return found;
  });

  route(app, PORTAL.held, async (request) => {
    const page = await heldNow(db, portalEnterpriseOf(request), { page: request.body.page ?? 1, size: request.body.size ?? 15 });
    const now = new Date();
    return { total: page.total, list: page.list.map((r) => asHeld(r, now)) };
  });

  route(app, PORTAL.statementPage, async (request) => statementPage(db, { ...request.body, customerId: portalEnterpriseOf(request) }));

  /** A statement of the caller's enterprise, refused otherwise. */
  const ownStatement = async (request: FastifyRequest, id: number) => {
    const enterpriseId = portalEnterpriseOf(request);
    const detail = await statementDetail(db, id);
    if (!detail || detail.customerId !== enterpriseId) throw NOT_YOURS();
    return detail;
  };
  route(app, PORTAL.statementInfo, async (request) => ownStatement(request, request.params.id));
  route(app, PORTAL.statementPdf, async (request, reply) => {
    await ownStatement(request, request.params.id);
    return sendPrinted(reply, await statementPdf(db, app.blobs, request.params.id));
  });

  route(app, PORTAL.deliveryPage, async (request) => deliveryPage(db, portalEnterpriseOf(request), request.body));
  route(app, PORTAL.deliveryDocument, async (request, reply) => {
    if (!(await isDeliveryOf(db, request.body.orderId, portalEnterpriseOf(request)))) throw NOT_YOURS();
    const doc = await printReport(db, app.blobs, { reportKey: request.body.reportKey, orderId: request.body.orderId }, originOf(request));
    return sendPrinted(reply, doc);
  });

  route(app, PORTAL.pickupSave, async (request) => {
    const enterpriseId = portalEnterpriseOf(request);
    const { operatorId, operator } = operatorOf(request);
    const id = await requestPickup(db, request.body, { enterpriseId, userId: operatorId, name: operator });
    if (!id) throw new BusinessError('申请失败');
    return { id };
  });
  route(app, PORTAL.pickupPage, async (request) => pickupPage(db, request.body, portalEnterpriseOf(request)));
};
