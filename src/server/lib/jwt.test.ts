import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cachedVerifier, signAccessToken, verifyAccessToken } from './jwt';

const secret = 'unit-secret-unit-secret-unit-secret-00';
const sid = '2b1e0a1e-59c4-4c41-9d4f-9a1f6b1f2a11';
const part = (token: string, i: number) => JSON.parse(Buffer.from(token.split('.')[i]!, 'base64url').toString());
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A token signed by hand with `secret`: what someone holding the secret but not this code could make. */
const handSigned = (header: object, payload: object, alg = 'sha256') => {
  const body = `${b64(header)}.${b64(payload)}`;
  return `${body}.${createHmac(alg, secret).update(body).digest('base64url')}`;
};

describe('access tokens', () => {
  it('are HS256 JWTs with sub, name, sid, iat, exp and jti', async () => {
    const token = await signAccessToken({ sub: 7, name: '张三', sid }, secret, 900, 1_700_000_000_000);
    expect(part(token, 0)).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(part(token, 1)).toMatchObject({ sub: 7, name: '张三', sid, iat: 1_700_000_000, exp: 1_700_000_900 });
    expect(part(token, 1).jti).toMatch(/^[0-9a-f-]{36}$/);
    expect(await verifyAccessToken(token, secret, 1_700_000_899_000)).toMatchObject({ sub: 7, name: '张三' });
  });

  it('are refused when expired, signed with another secret, tampered or not HS256', async () => {
    const token = await signAccessToken({ sub: 7, name: 'x', sid }, secret, 60, 1_700_000_000_000);
    expect(await verifyAccessToken(token, secret, 1_700_000_060_000)).toBeNull();
    expect(await verifyAccessToken(token, 'another-secret-another-secret-another-', 1_700_000_000_000)).toBeNull();
    const [h, , s] = token.split('.');
    const forged = b64({ ...part(token, 1), sub: 1 });
    expect(await verifyAccessToken(`${h}.${forged}.${s}`, secret, 1_700_000_000_000)).toBeNull();
    const none = b64({ alg: 'none', typ: 'JWT' });
    expect(await verifyAccessToken(`${none}.${token.split('.')[1]}.`, secret, 1_700_000_000_000)).toBeNull();
    expect(await verifyAccessToken('garbage', secret)).toBeNull();
  });

  it('are read when made elsewhere with the secret, and refused with another algorithm or without the claims the server reads', async () => {
    const claims = { sub: 7, name: 'x', sid, iat: 1_700_000_000, exp: 1_700_000_060, jti: sid };
    expect(await verifyAccessToken(handSigned({ alg: 'HS256', typ: 'JWT' }, claims), secret, 1_700_000_000_000)).toEqual(claims);
    expect(await verifyAccessToken(handSigned({ alg: 'HS512', typ: 'JWT' }, claims, 'sha512'), secret, 1_700_000_000_000)).toBeNull();
    const { exp: _exp, ...noExpiry } = claims;
    expect(await verifyAccessToken(handSigned({ alg: 'HS256' }, noExpiry), secret, 1_700_000_000_000)).toBeNull();
    expect(await verifyAccessToken(handSigned({ alg: 'HS256' }, { ...claims, sub: '7' }), secret, 1_700_000_000_000)).toBeNull();
    expect(await verifyAccessToken(handSigned({ alg: 'HS256' }, { ...claims, sid: 5 }), secret, 1_700_000_000_000)).toBeNull();
  });
});

describe('the per-process verifier', () => {
  it('remembers a verified token until it expires, and still refuses what the plain check refuses', async () => {
    const verify = cachedVerifier(secret, 2);
    const token = await signAccessToken({ sub: 7, name: 'x', sid }, secret, 60, 1_700_000_000_000);
    expect(await verify(token, 1_700_000_000_000)).toMatchObject({ sub: 7 });
    expect(await verify(token, 1_700_000_059_000)).toMatchObject({ sub: 7 });
    expect(await verify(token, 1_700_000_060_000)).toBeNull();
    const [h, , s] = token.split('.');
    expect(await verify(`${h}.${b64({ ...part(token, 1), sub: 1 })}.${s}`, 1_700_000_000_000)).toBeNull();
    expect(await cachedVerifier('another-secret-another-secret-another-')(token, 1_700_000_000_000)).toBeNull();
  });
});
