/** The portal feature's public file (what the router and the session use of it). */
export { isPortalPath, PORTAL_INVITE, PORTAL_ROOT, PORTAL_SCREENS } from './portalScreens';
