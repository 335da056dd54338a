import { describe, expect, it } from 'vitest';
import { signAccessToken, verifyAccessToken } from './jwt';

const secret = 'unit-secret-unit-secret-unit-secret-00';
const sid = '2b1e0a1e-59c4-4c41-9d4f-9a1f6b1f2a11';
const part = (token: string, i: number) => JSON.parse(Buffer.from(token.split('.')[i]!, 'base64url').toString());

describe('access tokens', () => {
  it('are HS256 JWTs with sub, name, sid, iat, exp and jti', () => {
    const token = signAccessToken({ sub: 7, name: '张三', sid }, secret, 900, 1_700_000_000_000);
    expect(part(token, 0)).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(part(token, 1)).toMatchObject({ sub: 7, name: '张三', sid, iat: 1_700_000_000, exp: 1_700_000_900 });
    expect(part(token, 1).jti).toMatch(/^[0-9a-f-]{36}$/);
    expect(verifyAccessToken(token, secret, 1_700_000_899_000)).toMatchObject({ sub: 7, name: '张三' });
  });

  it('are refused when expired, signed with another secret, tampered or not HS256', () => {
    const token = signAccessToken({ sub: 7, name: 'x', sid }, secret, 60, 1_700_000_000_000);
    expect(verifyAccessToken(token, secret, 1_700_000_060_000)).toBeNull();
    expect(verifyAccessToken(token, 'another-secret-another-secret-another-', 1_700_000_000_000)).toBeNull();
    const [h, , s] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...part(token, 1), sub: 1 })).toString('base64url');
    expect(verifyAccessToken(`${h}.${forged}.${s}`, secret, 1_700_000_000_000)).toBeNull();
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect(verifyAccessToken(`${none}.${token.split('.')[1]}.`, secret, 1_700_000_000_000)).toBeNull();
    expect(verifyAccessToken('garbage', secret)).toBeNull();
  });
});
