import { PORTAL } from '@shared/api/portal';
import { api } from '@renderer/store/api';
import { mutationOf, queryOf } from '@renderer/store/endpoints';

/** The customer portal and 门户账号 (src/shared/api/portal.ts). */
export const portalApi = api.injectEndpoints({
  endpoints: (b) => ({
    portalMe: queryOf(b, PORTAL.me),
    portalHeld: queryOf(b, PORTAL.held, { keepUnusedDataFor: 0 }),
    portalStatements: queryOf(b, PORTAL.statementPage, { keepUnusedDataFor: 0 }),
    portalStatement: queryOf(b, PORTAL.statementInfo, { keepUnusedDataFor: 0 }),
    portalDeliveries: queryOf(b, PORTAL.deliveryPage, { keepUnusedDataFor: 0 }),
    portalPickups: queryOf(b, PORTAL.pickupPage, { keepUnusedDataFor: 0, tags: ['PortalPickup'] }),
    portalPickupSave: mutationOf(b, PORTAL.pickupSave, { tags: ['PortalPickup'] }),
    invitationCheck: queryOf(b, PORTAL.invitationCheck, { keepUnusedDataFor: 0 }),
    invitationAccept: mutationOf(b, PORTAL.invitationAccept),
    portalAccounts: queryOf(b, PORTAL.accountPage, { keepUnusedDataFor: 0, tags: ['PortalAccount'] }),
    portalInvite: mutationOf(b, PORTAL.accountInvite, { tags: ['PortalAccount'] }),
    portalReinvite: mutationOf(b, PORTAL.accountReinvite, { tags: ['PortalAccount'] }),
    portalAccountStatus: mutationOf(b, PORTAL.accountStatus, { tags: ['PortalAccount'] }),
  }),
});
