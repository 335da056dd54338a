import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOCK_SKEW_SECONDS } from '../../src/server/lib/jwt';
import { buildTestApp, type TestApp } from './app-helper';

/**
 * Issue 31 item 12: an access token issued in the future was accepted, and one naming user 2^31 was answered -1
 * (PostgreSQL refused the id) instead of 401. Tokens are signed here with the server's secret, as someone holding
 * it but not minting tokens the way the server does could.
 */

let t: TestApp;
/** The payload of admin's real token: its sign-in (sid) is alive. */
let claims: { sub: number; name: string; sid: string; iat: number; exp: number; jti: string };

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
function signed(payload: object): string {
  const body = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}`;
  return `${body}.${createHmac('sha256', t.config.accessTokenSecret).update(body).digest('base64url')}`;
}
const now = () => Math.floor(Date.now() / 1000);
const call = (token: string) => t.call('GET', '/api/user/getAllUser', { token });

beforeAll(async () => {
  t = await buildTestApp();
  const token = (await t.login()).token;
  claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
});
afterAll(async () => { await t?.close(); });

describe('an access token', () => {
  it('made with the secret and a live sign-in is taken, its issue time a little ahead of the clock included', async () => {
    expect((await call(signed(claims))).body).toMatchObject({ code: 0 });
    const ahead = signed({ ...claims, iat: now() + CLOCK_SKEW_SECONDS - 5, exp: now() + 900 });
    expect((await call(ahead)).body).toMatchObject({ code: 0 });
  });

  it('issued in the future, beyond the allowed clock skew, is refused with 401', async () => {
    for (const iat of [now() + CLOCK_SKEW_SECONDS + 30, now() + 86_400]) {
      const res = await call(signed({ ...claims, iat, exp: iat + 900 }));
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 401 });
    }
  });

  it('without an issue time is refused with 401', async () => {
    const { iat: _iat, ...noIat } = claims;
    expect((await call(signed(noIat))).status).toBe(401);
  });

  it('naming a user id outside what the database holds is refused with 401, not -1', async () => {
    for (const sub of [2 ** 31, 2 ** 53, 0, -1]) {
      const res = await call(signed({ ...claims, sub }));
      expect(res.status, String(sub)).toBe(401);
      expect(res.body, String(sub)).toMatchObject({ code: 401 });
    }
  });
});
