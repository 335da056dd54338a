import { afterEach, describe, expect, it, vi } from 'vitest';
import { generatePassword, hashParams, hashPassword, verifyPassword } from './password';

describe('password hashing', () => {
  afterEach(() => void vi.unstubAllEnvs());

  it('hashes at the full cost, N=2^15, unless PASSWORD_HASH_COST (10–20) says otherwise', () => {
    expect(hashParams({})).toEqual({ N: 32768, r: 8, p: 1 });
    expect(hashParams({ PASSWORD_HASH_COST: '12' })).toEqual({ N: 4096, r: 8, p: 1 });
    for (const bad of ['', '9', '21', '12.5', 'abc']) expect(hashParams({ PASSWORD_HASH_COST: bad }).N).toBe(32768);
  });

  it('stores scrypt with its parameters and a 16-byte salt, and verifies (the production cost)', async () => {
    vi.stubEnv('PASSWORD_HASH_COST', undefined);
    const stored = await hashPassword('correct horse');
    const [scheme, params, salt, key] = stored.split('$');
    expect(scheme).toBe('scrypt');
    expect(params).toBe('N=32768,r=8,p=1');
    expect(Buffer.from(salt!, 'base64')).toHaveLength(16);
    expect(Buffer.from(key!, 'base64')).toHaveLength(32);
    expect(await verifyPassword('correct horse', stored)).toBe(true);
    expect(await verifyPassword('correct horsE', stored)).toBe(false);
  });

  it('hashes at the cost PASSWORD_HASH_COST sets', async () => {
    vi.stubEnv('PASSWORD_HASH_COST', '10');
    const stored = await hashPassword('cheap');
    expect(stored.split('$')[1]).toBe('N=1024,r=8,p=1');
    expect(await verifyPassword('cheap', stored)).toBe(true);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('verifies hashes made with other parameters (they are read from the string)', async () => {
    const { scryptSync } = await import('node:crypto');
    const salt = Buffer.alloc(16, 1);
    const key = scryptSync('old', salt, 32, { N: 1024, r: 8, p: 1 });
    const stored = `scrypt$N=1024,r=8,p=1$${salt.toString('base64')}$${key.toString('base64')}`;
    expect(await verifyPassword('old', stored)).toBe(true);
    expect(await verifyPassword('old', 'md5$whatever')).toBe(false);
  });

  it('generates strong passwords', () => {
    const a = generatePassword();
    expect(a).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(generatePassword()).not.toBe(a);
  });
});
