import type { Kysely } from 'kysely';
import type { ResumeBody, SuspendBody, Suspension, SuspensionState } from '@shared/api/production';
import type { DB } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import type { Actor } from '../../lib/access';
import type { Changes } from '../../lib/change-bus';
import { BusinessError } from '../../lib/errors';
import { storableText } from '../../lib/jsonb';
import { postMessages, templateRecipients } from '../message';
import * as repo from './suspension.repository';

/**
 * 停止充装 (DB4114/T 185 remote stop): filling suspended for the plant, one workstation or one gas, until lifted.
 * 领瓶 and 充装 read the suspensions in their gate statement (cylinder module, fill-gate.repository); stations poll
 * suspensionState during a fill, answered from this process's copy, dropped through the change bus.
 */

/** The change-bus topic of suspensions: every server drops its copy when one is made or lifted. */
export const SUSPENSION_TOPIC = 'fillSuspensions';

/** What a suspension covers, in words: 全厂, 工位「…」, 介质「…」. */
export function scopeWords(s: Pick<Suspension, 'scope' | 'workstation' | 'materialName' | 'materialId'>): string {
  if (s.scope === 'plant') return '全厂';
  if (s.scope === 'station') return `工位「${s.workstation ?? ''}」`;
  return `介质「${s.materialName ?? s.materialId ?? ''}」`;
}

/**
 * The suspensions in force as this process knows them: read once, kept until a change is announced on the
 * change bus (from any server of the plant) or this process makes one. Stations poll every half second during
 * a fill: the poll costs no query.
 */
const cached = new WeakMap<Kysely<DB>, Promise<Suspension[]>>();
export function suspensionsInForce(db: Kysely<DB>): Promise<Suspension[]> {
  let kept = cached.get(db);
  if (!kept) {
    kept = repo.readSuspensions(db);
    cached.set(db, kept);
    const mine = kept;
    kept.catch(() => { if (cached.get(db) === mine) cached.delete(db); });
  }
  return kept;
}
const drop = (db: Kysely<DB>): void => { cached.delete(db); };

/** Listens for suspensions made by any server (once per app). */
export function watchSuspensions(db: Kysely<DB>, changes: Changes): void {
  changes.subscribe(SUSPENSION_TOPIC, () => drop(db));
}

/** The suspension that applies to `materialId` at `workstation`: the plant's before the gas's before the station's (as the gate's statement orders them). */
export function applying(all: Suspension[], materialId: number | null | undefined, workstation: string | null): Suspension | null {
  return all.find((s) => s.scope === 'plant')
    ?? (materialId ? all.find((s) => s.scope === 'gas' && s.materialId === materialId) : undefined)
    ?? (workstation ? all.find((s) => s.scope === 'station' && s.workstation === workstation) : undefined)
    ?? null;
}

export async function suspensionState(db: Kysely<DB>, materialId: number | null | undefined, workstation: string | null): Promise<SuspensionState> {
  const all = await suspensionsInForce(db);
  return { suspended: applying(all, materialId, workstation), all };
}

/** The scope and its target, checked: a station needs its name, a gas an existing gas; the plant takes neither. */
async function target(db: Kysely<DB>, body: ResumeBody): Promise<repo.SuspensionTarget & { materialName: string | null }> {
  if (body.scope === 'plant') return { workstation: null, materialId: null, materialName: null };
  if (body.scope === 'station') {
    const workstation = body.workstation?.trim();
    if (!workstation) throw new BusinessError('参数错误：按工位停止或恢复充装时须填写工位名称（workstation）');
    return { workstation, materialId: null, materialName: null };
  }
  if (!body.materialId) throw new BusinessError('参数错误：按介质停止或恢复充装时须选择介质（materialId）');
  const gas = await repo.gasName(db, body.materialId);
  if (!gas) throw new BusinessError(`介质不存在：${body.materialId}`);
  return { workstation: null, materialId: gas.id, materialName: gas.material_name };
}

/** 消息中心: the users of the 'fillSuspend' template hear of a suspension and of its lifting. */
async function announce(db: Kysely<DB>, title: string, content: string): Promise<void> {
  const users = await templateRecipients(db, 'fillSuspend');
  await postMessages(db, users.map((userId) => ({ userId, kind: 'fillSuspend', title, content, link: '/produce/produce' })));
}

/**
 * 停止充装: in force until lifted (resume). A second suspend of the same scope and target updates its reason
 * (and who and when) rather than stacking. One transaction; every server hears of it through the change bus.
 */
export async function suspend(db: Kysely<DB>, changes: Changes, body: SuspendBody, actor: Actor): Promise<SuspensionState> {
  const reason = storableText(body.reason.trim());
  if (!reason) throw new BusinessError('参数错误：停止充装的原因不能为空');
  await inTransaction(db, async (trx) => {
    const t = await target(trx, body);
    await repo.lockTarget(trx, `${body.scope}|${t.workstation ?? ''}|${t.materialId ?? 0}`);
    const existing = await repo.inForce(trx, body.scope, t);
    if (existing) await repo.updateReason(trx, existing.id, reason, actor);
    else await repo.insertSuspension(trx, body.scope, t, reason, actor);
    const scope = scopeWords({ scope: body.scope, ...t });
    await announce(trx, `停止充装：${scope}`, `${actor.operator ?? ''}${existing ? '更新了' : ''}停止充装（${scope}）：${reason}`);
    await changes.publish(trx, SUSPENSION_TOPIC);
  });
  drop(db);
  return suspensionState(db, null, null);
}

/** 恢复充装: lifts the suspension in force for the scope and target; none in force answers -1. */
export async function resume(db: Kysely<DB>, changes: Changes, body: ResumeBody, actor: Actor): Promise<SuspensionState> {
  await inTransaction(db, async (trx) => {
    const t = await target(trx, body);
    const scope = scopeWords({ scope: body.scope, ...t });
    const existing = await repo.inForce(trx, body.scope, t);
    if (!existing) throw new BusinessError(`${scope}当前没有停止充装，无需恢复`);
    await repo.lift(trx, existing.id, actor.operator);
    await announce(trx, `恢复充装：${scope}`, `${actor.operator ?? ''}恢复了充装（${scope}；停止原因：${existing.reason}）`);
    await changes.publish(trx, SUSPENSION_TOPIC);
  });
  drop(db);
  return suspensionState(db, null, null);
}
