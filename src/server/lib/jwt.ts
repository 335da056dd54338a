import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';

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

/** The claims when the token is well-formed, signed with `secret`, HS256 and not expired; otherwise null. */
export async function verifyAccessToken(token: string, secret: string, now = Date.now()): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: [ALG],
      requiredClaims: ['exp'],
      currentDate: new Date(now),
    });
    const claims = payload as unknown as AccessClaims;
    if (!Number.isInteger(claims.sub) || typeof claims.sid !== 'string') return null;
    return claims;
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}
