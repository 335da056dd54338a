import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';

/** Claims of an access token. `sid` is the sign-in (refresh-token family) the token belongs to. */
export interface AccessClaims {
  sub: number;
  name: string;
  sid: string;
  iat: number;
  exp: number;
  jti: string;
}

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

function sign(input: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(input).digest();
}

export function signAccessToken(
  claims: Pick<AccessClaims, 'sub' | 'name' | 'sid'>,
  secret: string,
  ttlSeconds: number,
  now = Date.now(),
): string {
  const iat = Math.floor(now / 1000);
  const payload: AccessClaims = { ...claims, iat, exp: iat + ttlSeconds, jti: randomUUID() };
  const body = `${HEADER}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return `${body}.${sign(body, secret).toString('base64url')}`;
}

/** The claims when the token is well-formed, signed with `secret`, HS256 and not expired; otherwise null. */
export function verifyAccessToken(token: string, secret: string, now = Date.now()): AccessClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  try {
    const alg = JSON.parse(Buffer.from(header, 'base64url').toString('utf8'))?.alg;
    if (alg !== 'HS256') return null;
    const expected = sign(`${header}.${payload}`, secret);
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as AccessClaims;
    if (!Number.isInteger(claims.sub) || typeof claims.exp !== 'number' || typeof claims.sid !== 'string') return null;
    if (claims.exp <= Math.floor(now / 1000)) return null;
    return claims;
  } catch {
    return null;
  }
}
