import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MaterialRow } from '../../src/shared/api/material';
import { buildTestApp, type TestApp } from './app-helper';

// JSON bodies are validated as sent: a null stays null and a string is not turned into a number.
// Query strings and path parameters are text by nature and are still converted to their schema types.
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  token = (await t.login()).token;
});
afterAll(async () => { await t?.close(); });

describe('request validation', () => {
  it('keeps a JSON null as null (no silent 0 or empty string)', async () => {
    const saved = await t.call<{ id: number }>('POST', '/api/material/save', {
      token,
      body: { materialName: '丙烷', code: 'C3H8', category: 'liquefied', reweighRequired: false, targetNetWeight: null, weightTolerance: null, materialShortName: null },
    });
    expect(saved.body.code, saved.body.msg).toBe(0);
    const row = (await t.call<MaterialRow>('GET', `/api/material/info/${saved.body.data.id}`, { token })).body.data;
    expect(row.targetNetWeight).toBeNull();
    expect(row.weightTolerance).toBeNull();
    expect(row.materialShortName).toBeNull();
  });

  it('refuses a JSON string where a number belongs, naming the field, and writes nothing', async () => {
    const { body } = await t.call('POST', '/api/material/save', {
      token,
      body: { materialName: '丁烷', code: 'C4H10', category: 'liquefied', targetNetWeight: '14.5' },
    });
    expect(body.code).toBe(-1);
    expect(body.msg).toBe('参数错误：目标净充装量类型错误，应为数字');
    const n = await t.db.selectFrom('materials').select('id').where('code', '=', 'C4H10').execute();
    expect(n).toHaveLength(0);
  });

  it('still converts query-string numbers', async () => {
    const { body } = await t.call<{ list: unknown[]; total: number }>('GET', '/api/user/pageList?page=1&size=5', { token });
    expect(body.code, body.msg).toBe(0);
    expect(body.data.total).toBeGreaterThan(0);
  });
});
