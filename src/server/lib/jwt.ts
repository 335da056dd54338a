import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { PG_INT_MAX } from '@shared/api/schema';

/** Claims of an access token. `sid` is the sign-in (refresh-token family) the token belongs to. */
export interface AccessClaims {
  sub: number;
  name: string;
  sid: string;
  iat: number;
  exp: number;
  jti: string;
}

const ALG = 'HS256';
/**
 * How far a token's issue time may lie ahead of this server's clock: the servers behind one address sign each
 * other's tokens, and their clocks (NTP-kept) differ by far less. A token issued later than that was not issued by
 * them.
 */
export const CLOCK_SKEW_SECONDS = 60;
const encoder = new TextEncoder();
const key = (secret: string) => encoder.encode(secret);

export async function signAccessToken(
  claims: Pick<AccessClaims, 'sub' | 'name' | 'sid'>,
  secret: string,
  ttlSeconds: number,
  now = Date.now(),
): Promise<string> {
  const iat = Math.floor(now / 1000);
  // `sub` stays the user's numeric id, as the server (and any token already issued) has it.
  const payload = { sub: claims.sub, name: claims.name, sid: claims.sid } as unknown as JWTPayload;
  return new SignJWT(payload)
    .setProtectedHeader({ alg: ALG, typ: 'JWT' })
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .setJti(randomUUID())
    .sign(key(secret));
}

/**
 * The claims when the token is well-formed, signed with `secret`, HS256, issued no later than now (give or take
 * CLOCK_SKEW_SECONDS), not expired, and names a user id the database can hold; otherwise null.
 */
export async function verifyAccessToken(token: string, secret: string, now = Date.now()): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: [ALG],
      requiredClaims: ['exp', 'iat'],
      currentDate: new Date(now),
    });
    const claims = payload as unknown as AccessClaims;
    if (!Number.isInteger(claims.sub) || claims.sub < 1 || claims.sub > PG_INT_MAX || typeof claims.sid !== 'string') return null;
    if (claims.iat > now / 1000 + CLOCK_SKEW_SECONDS) return null;
    return claims;
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}

/**
 * verifyAccessToken with a memory of tokens already verified in this process: a station sends the same token
 * with every scan, and checking its signature again (a key import and an HMAC) is most of what authenticating
 * a request costs besides the database. Safe to keep per process: what is remembered follows from the token
 * and the secret alone, and the expiry is still checked at every use; whether the sign-in is still alive is
 * checked in the database on every request (plugins/permissions.ts).
 */
export function cachedVerifier(secret: string, max = 10_000): (token: string, now?: number) => Promise<AccessClaims | null> {
  const known = new Map<string, AccessClaims>();
  return async (token, now = Date.now()) => {
    const hit = known.get(token);
    if (hit) {
      if (hit.exp * 1000 > now) return hit;
      known.delete(token);
    }
    const claims = await verifyAccessToken(token, secret, now);
    if (!claims) return null;
    // Oldest first out: a Map keeps insertion order.
    if (known.size >= max) known.delete(known.keys().next().value!);
    known.set(token, claims);
    return claims;
  };
}
