import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { TestApp } from './app-helper';

/** Helpers shared by the master-data tests: create records through the API as a caller would. */
export async function createGas(t: TestApp, token: string, body: Record<string, unknown> = {}): Promise<number> {
  const res = await t.call<{ id: number }>('POST', '/api/material/save', {
    token, body: { materialName: '氮气', code: `N2_${Math.random().toString(36).slice(2, 8)}`, category: 'compressed', ...body },
  });
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 0 });
  return res.body.data.id;
}

export async function createWarehouse(t: TestApp, token: string, body: Record<string, unknown> = {}): Promise<number> {
  const res = await t.call<{ id: number }>('POST', '/api/wdwarehouse/saveAndEditWare', {
    token, body: { warehouseName: '空瓶一库', warehouseCode: `W${Math.random().toString(36).slice(2, 8)}`, kind: 'empty', ...body },
  });
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 0 });
  return res.body.data.id;
}

export async function createEnterprise(t: TestApp, token: string, body: Record<string, unknown> = {}): Promise<number> {
  const res = await t.call<{ id: number }>('POST', '/api/enterprise/save', {
    token, body: { type: '2', enterpriseName: '某气体用户', enterpriseCode: `E${Math.random().toString(36).slice(2, 8)}`, ...body },
  });
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 0 });
  return res.body.data.id;
}

/** A multipart/form-data body with one file in field `file`, for app.inject. */
export function multipart(filename: string, content: Buffer): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----test${Date.now().toString(16)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
    'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
  );
  return {
    payload: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Posts a file to `url` and returns the parsed envelope. */
export async function upload<T = unknown>(t: TestApp, url: string, token: string, filename: string, content: Buffer) {
  const { payload, headers } = multipart(filename, content);
  const res = await t.app.inject({ method: 'POST', url, payload, headers: { ...headers, authorization: `Bearer ${token}` } });
  return { status: res.statusCode, body: res.json<{ code: number; msg: string; data: T }>() };
}

/** A spreadsheet of tests/fixtures/xlsx. */
export const xlsxFixture = (name: string): Buffer => readFileSync(resolve(__dirname, '../fixtures/xlsx', name));

/** What the cylinder import fixtures refer to: gases N2 and CO2, warehouse KP01, customer KH0001. */
export async function createImportReferences(t: TestApp, token: string): Promise<void> {
  await createGas(t, token, { materialName: '氮气', code: 'N2' });
  await createGas(t, token, { materialName: '二氧化碳', code: 'CO2', category: 'liquefied', reweighRequired: false });
  await createWarehouse(t, token, { warehouseName: '空瓶库', warehouseCode: 'KP01' });
  await createEnterprise(t, token, { type: '2', enterpriseName: '委托客户', enterpriseCode: 'KH0001' });
}

/**
 * Puts a cylinder into `status` for a test's starting point, the way only the transition engine may
 * (the trigger cylinders_status_guard refuses status changes outside a declared transition).
 */
export async function forceStatus(t: TestApp, id: number, status: number): Promise<void> {
  await t.db.transaction().execute(async (trx) => {
    await sql`select set_config('cylinder.transition', 'on', true)`.execute(trx);
    await trx.updateTable('cylinders').set({ status }).where('id', '=', id).execute();
  });
}

const p2 = (n: number) => String(n).padStart(2, '0');
/**
 * A time `seconds` from now as a station types it (开始时间/结束时间 of a fill: the server's local time, to the
 * second).
 */
export function stationTime(seconds: number): string {
  const d = new Date(Date.now() + seconds * 1000);
  return `${d.getFullYear()}-${p2(d.getMonth() + 1)}-${p2(d.getDate())} ${p2(d.getHours())}:${p2(d.getMinutes())}:${p2(d.getSeconds())}`;
}
