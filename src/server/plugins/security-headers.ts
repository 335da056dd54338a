import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

/**
 * Security headers on every answer (helmet). What helmet does by default that the product cannot take:
 * - its content security policy: the web UI injects styles at run time (MUI/emotion), calls the local
 *   print agent on 127.0.0.1, and a plant serves it over plain HTTP, where `upgrade-insecure-requests`
 *   would send every request to an https:// that does not exist. The policy stays what it was: no other
 *   origin may frame the UI (clickjacking); the plant's own pages may. A route may set its own (file downloads);
 * - Strict-Transport-Security: a plant server is http://192.168.x.x:8080;
 * - Cross-Origin-Opener-Policy: browsers ignore it on a plain-HTTP LAN address and warn about it on every page.
 * The rest of helmet's defaults stay: nosniff, X-Frame-Options SAMEORIGIN, Referrer-Policy no-referrer,
 * Cross-Origin-Resource-Policy same-origin (the desktop shell reads the API with CORS, which it does not
 * restrict), and the legacy ones.
 */
export const securityHeadersPlugin = fp(async (app) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: helmet.contentSecurityPolicy.dangerouslyDisableDefaultSrc,
        frameAncestors: ["'self'"],
      },
    },
    xFrameOptions: { action: 'sameorigin' },
    strictTransportSecurity: false,
    crossOriginOpenerPolicy: false,
    crossOriginEmbedderPolicy: false,
  });
});
