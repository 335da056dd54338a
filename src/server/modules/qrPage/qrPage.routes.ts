import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import { Str } from '@shared/api/schema';
import { RateLimiter } from './rate-window';
import { CONFIG_DEFAULTS } from '../../config';
import { MESSAGE_PAGES } from './qrPage.html';
import { buildPage, pageSetting, type PageAnswer, type PageSetting } from './qrPage.service';
import { QR_PATH } from './qr-token';

/** Built pages kept at most (a burst of scans of one cylinder, or of a lorry's worth). */
const CACHE_ENTRIES = 10_000;

/**
 * GET /q/{code}-{signature}: the public cylinder page, without sign-in (not under /api). Rate-limited per client
 * address (QR_PAGE_RATE_LIMIT a minute; every answer counts, so signatures cannot be tried out), and each page
 * kept QR_PAGE_CACHE_SECONDS in this process — one database read per cylinder and window however many phones
 * scan it. The cache is only short-lived, not invalidated: several servers of a plant each hold their own for
 * seconds, and a fill, an inspection or 企业信息's switch shows on the page within that window everywhere.
 */
export const qrPageRoutes: FastifyPluginAsync = async (app) => {
  const limit = app.config.qrPageRateLimit ?? CONFIG_DEFAULTS.qrPageRateLimit;
  const ttlMs = (app.config.qrPageCacheSeconds ?? CONFIG_DEFAULTS.qrPageCacheSeconds) * 1000;
  const limiter = new RateLimiter(limit, 60_000);
  const cache = new Map<string, { expires: number; answer: Promise<PageAnswer> }>();
  // 企业信息's part of every page (on/off, name, licence): read once per window too, not once per cylinder.
  let plant: { expires: number; value: Promise<PageSetting> } | null = null;
  const plantSetting = (): Promise<PageSetting> => {
    if (ttlMs === 0) return pageSetting(app.db);
    if (!plant || plant.expires <= Date.now()) {
      const value = pageSetting(app.db);
      plant = { expires: Date.now() + ttlMs, value };
      value.catch(() => (plant = null));
    }
    return plant.value;
  };

  const answerFor = (token: string): Promise<PageAnswer> => {
    const now = Date.now();
    const hit = cache.get(token);
    if (hit && hit.expires > now) return hit.answer;
    const answer = buildPage(app.db, token, plantSetting);
    if (ttlMs > 0) {
      if (cache.size >= CACHE_ENTRIES) {
        for (const [key, entry] of cache) if (entry.expires <= now || cache.size >= CACHE_ENTRIES) cache.delete(key);
      }
      cache.set(token, { expires: now + ttlMs, answer });
      answer.catch(() => cache.delete(token));
    }
    return answer;
  };

  // Bounded like every route's input; any other wrong token gets the page's own 404, never a hint.
  const schema = { params: Type.Object({ token: Str('二维码', { maxLength: 200 }) }), hide: true };
  app.get(`${QR_PATH}:token`, { schema }, async (request, reply) => {
    reply.type('text/html; charset=utf-8')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'")
      .header('x-robots-tag', 'noindex');
    if (limit > 0 && !limiter.hit(request.ip)) return reply.status(429).header('retry-after', '60').send(MESSAGE_PAGES.tooMany);
    const { token } = request.params as { token: string };
    const answer = await answerFor(token);
    if (answer.status === 200) reply.header('cache-control', `public, max-age=${Math.round(ttlMs / 1000)}`);
    else reply.header('cache-control', 'no-store');
    return reply.status(answer.status).send(answer.html);
  });
};
