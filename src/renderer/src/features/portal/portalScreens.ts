import type { ComponentType } from 'react';

/** Where the customer portal lives: its shell and screens, opened by a portal account only. */
export const PORTAL_ROOT = '/portal';
/** The invitation link's page (public: the token is the credential). */
export const PORTAL_INVITE = '/portal/invite';

export interface PortalScreen {
  path: string;
  title: 'portal.held' | 'portal.statements' | 'portal.documents' | 'portal.pickup';
  load: () => Promise<{ default: ComponentType }>;
}

/** The portal's pages, in the order of its tabs (the first is its home). */
export const PORTAL_SCREENS: readonly PortalScreen[] = [
  { path: `${PORTAL_ROOT}/cylinders`, title: 'portal.held', load: () => import('./PortalHeldPage') },
  { path: `${PORTAL_ROOT}/statements`, title: 'portal.statements', load: () => import('./PortalStatementsPage') },
  { path: `${PORTAL_ROOT}/documents`, title: 'portal.documents', load: () => import('./PortalDocumentsPage') },
  { path: `${PORTAL_ROOT}/pickup`, title: 'portal.pickup', load: () => import('./PortalPickupPage') },
];

export const isPortalPath = (pathname: string): boolean => pathname === PORTAL_ROOT || pathname.startsWith(`${PORTAL_ROOT}/`);
