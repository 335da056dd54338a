import type { Kysely } from 'kysely';
import {
  BACKFILL_MAX_DAYS, CODE_TABLES, MAPPED_STATUSES, SETTLED_STATES, type BackfillBody, type BackfillResult, type CodeMapRow, type ConnectionRow,
  type SaveCodeMapBody, type SaveConnectionBody,
} from '@shared/api/regulator';
import { statusName } from '@shared/lifecycle';
import type { DB } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { addDays, isValidDate } from '../../lib/dates';
import { BusinessError } from '../../lib/errors';
import type { FieldCipher } from '../../lib/field-cipher';
import { bodyProblem } from '../../lib/validator';
import { specificationsInUse } from '../cylinder';
import { firstSeqSince, lastSeq } from '../integration';
import { materialOptions } from '../material';
import { adapterById, type Settings } from './adapters';
import { recordsAfter, settingsOf } from './regulator.engine';
import * as repo from './regulator.repository';

type Db = Kysely<DB>;

export async function listConnections(db: Db): Promise<ConnectionRow[]> {
  const latest = await lastSeq(db);
  return (await repo.listConnections(db)).map(({ raw, ...c }) => {
    const adapter = adapterById(raw.adapter);
    // The secret fields are saved together (encrypted, never answered): all are set, or none.
    const secretsSet = raw.secrets ? (adapter?.fields ?? []).filter((f) => f.kind === 'secret').map((f) => f.key) : [];
    return { ...c, settings: raw.settings, secretsSet, latest };
  });
}

async function connectionOf(db: Db, id: number): Promise<repo.ConnectionRecord> {
  const c = await repo.connectionRow(db, id);
  if (!c) throw new BusinessError(`监管平台对接不存在：${id}`);
  return c;
}

/** Saves a connection: its settings checked against its adapter's declared schema; secrets encrypted, kept when left out. */
export async function saveConnection(db: Db, cipher: FieldCipher, body: SaveConnectionBody, by: string | null): Promise<number> {
  const adapter = adapterById(body.adapter);
  if (!adapter) throw new BusinessError(`对接方式不存在：${body.adapter}`);
  const existing = body.id ? await connectionOf(db, body.id) : null;
  const known = new Set(adapter.fields.map((f) => f.key));
  const unknown = Object.entries(body.settings).filter(([k, v]) => v !== undefined && v !== '' && !known.has(k)).map(([k]) => k);
  if (unknown.length) throw new BusinessError(`参数错误：${adapter.name}没有设置项 ${unknown.join('、')}`);
  let kept: Settings = {};
  if (existing?.adapter === adapter.id) {
    try {
      kept = settingsOf(existing, cipher);
    } catch {
      kept = { ...existing.settings };
    }
  }
  const settings: Settings = {};
  for (const f of adapter.fields) {
    const given = (body.settings as Record<string, string | number | undefined>)[f.key];
    const value = given === undefined || given === '' ? (f.kind === 'secret' ? kept[f.key] : undefined) : given;
    if (value === undefined) continue;
    settings[f.key] = f.kind === 'number' && typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  }
  const problem = bodyProblem(adapter.settingsSchema, settings);
  if (problem) {
    const missing = adapter.fields.find((f) => f.required && (settings[f.key] === undefined || settings[f.key] === ''));
    throw new BusinessError(missing ? `请填写${missing.label}` : problem);
  }
  const secretKeys = adapter.fields.filter((f) => f.kind === 'secret').map((f) => f.key);
  const secrets = Object.fromEntries(secretKeys.filter((k) => settings[k] !== undefined).map((k) => [k, settings[k]!]));
  const plain = Object.fromEntries(Object.entries(settings).filter(([k]) => !secretKeys.includes(k)));
  const values: repo.ConnectionValues = {
    name: body.name.trim(), adapter: adapter.id, access_code: body.accessCode, settings: JSON.stringify(plain),
    secrets: Object.keys(secrets).length ? cipher.encrypt(JSON.stringify(secrets)) : null, kinds: [...new Set(body.kinds)], enabled: body.enabled,
  };
  if (existing) {
    await repo.updateConnection(db, existing.id, values);
    return existing.id;
  }
  return repo.insertConnection(db, values, await lastSeq(db), by);
}

export async function enableConnection(db: Db, id: number, enabled: boolean): Promise<void> {
  if (!(await repo.setEnabled(db, id, enabled))) throw new BusinessError(`监管平台对接不存在：${id}`);
}

/** Every local value of a code table (gases, specifications in use, statuses) with the connection's code. */
async function localValues(db: Db, table: string): Promise<Array<{ localKey: string; localName: string }>> {
  if (table === 'gas') return (await materialOptions(db, true)).map((g) => ({ localKey: String(g.id), localName: g.materialName }));
  if (table === 'cylinderType') return (await specificationsInUse(db)).map((s) => ({ localKey: s, localName: s }));
  return MAPPED_STATUSES.map((s) => ({ localKey: String(s), localName: statusName(s) }));
}

export async function codeMap(db: Db, connectionId: number, table: string): Promise<CodeMapRow[]> {
  await connectionOf(db, connectionId);
  return repo.codeTable(db, connectionId, table, await localValues(db, table));
}

/** Saves codes; the connection's held records are queued again (each is held again if something is still missing). */
export async function saveCodeMap(db: Db, body: SaveCodeMapBody): Promise<number> {
  await connectionOf(db, body.connectionId);
  if (body.table === 'gas') {
    const gases = new Set((await materialOptions(db, true)).map((g) => String(g.id)));
    const wrong = body.entries.filter((e) => !gases.has(e.localKey));
    if (wrong.length) throw new BusinessError(`介质不存在：${wrong.map((e) => e.localKey).join('、')}`);
  }
  if (body.table === 'status') {
    const wrong = body.entries.filter((e) => !MAPPED_STATUSES.includes(Number(e.localKey)) || String(Number(e.localKey)) !== e.localKey);
    if (wrong.length) throw new BusinessError(`气瓶状态不存在：${wrong.map((e) => e.localKey).join('、')}`);
  }
  const keys = body.entries.map((e) => e.localKey);
  if (new Set(keys).size !== keys.length) throw new BusinessError(`参数错误：${CODE_TABLES.find((t) => t.code === body.table)?.name}中同一项重复`);
  return inTransaction(db, async (trx) => {
    await repo.saveCodes(trx, body.connectionId, body.table, body.entries.map((e) => ({ localKey: e.localKey, code: e.code || null })));
    return repo.requeueHeld(trx, body.connectionId);
  });
}

export async function resend(db: Db, connectionId: number, ids: number[]): Promise<number> {
  await connectionOf(db, connectionId);
  return repo.requeue(db, connectionId, ids);
}

/**
 * Back-fill of days (plant time): every event of the connection's kinds recorded on those days becomes a record if it
 * is none yet (queued), and every record of those days that the platform did not take is queued again.
 */
export async function backfill(db: Db, body: BackfillBody): Promise<BackfillResult> {
  const c = await connectionOf(db, body.connectionId);
  if (!isValidDate(body.from) || !isValidDate(body.to)) throw new BusinessError('参数错误：日期无效');
  if (body.to < body.from) throw new BusinessError('参数错误：结束日期不能早于开始日期');
  const dayAfter = addDays(body.to, 1);
  if (addDays(body.from, BACKFILL_MAX_DAYS) < dayAfter) throw new BusinessError(`参数错误：一次最多补报 ${BACKFILL_MAX_DAYS} 天`);
  const first = await firstSeqSince(db, `${body.from} 00:00:00`);
  const end = await firstSeqSince(db, `${dayAfter} 00:00:00`);
  const upTo = end === null ? await lastSeq(db) : end - 1;
  let created = 0;
  if (first !== null) {
    for (let after = first - 1; after < upTo;) {
      const { records, reach } = await recordsAfter(db, c.kinds, after, upTo, 1000);
      created += await repo.insertRecords(db, c.id, records);
      if (reach <= after) break;
      after = reach;
    }
  }
  const { requeued, settled } = await repo.requeueDays(db, c.id, body.from, dayAfter, SETTLED_STATES);
  return { created, requeued, settled };
}
