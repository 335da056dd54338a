import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ProofBody, ProofResult } from '@shared/api/trip';
import { unexplained, unexplainedMessage } from '@shared/trip/delivery';
import type { DB } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import type { Actor } from '../../lib/access';
import { mapUniqueViolation } from '../../lib/db-errors';
import { BusinessError } from '../../lib/errors';
import { storableText } from '../../lib/jsonb';
import { blankToNull } from '../../lib/paging';
import { decodeImage, imageType } from '../../lib/data-url';
import { requireCrew, type Viewer } from './trip.access';
import * as repo from './trip.repository';

/** 签收 (proof of delivery) at a stop, once (issue 37). */

type Db = Kysely<DB>;

async function answer(db: Db, stopId: number, repeated: boolean): Promise<ProofResult> {
  const a = await repo.proofAnswer(db, stopId);
  return { stopId, provedAt: a.provedAt ?? '', delivered: a.delivered, differences: a.differences, receiptToken: a.token ?? '', repeated };
}

/**
 * POST /api/trip/proof: the receiver, signature, photo, position and time, and a reason for each cylinder of the stop
 * still on board (they stay on board). The same scanId again answers the same (repeated); another proof of a proved
 * stop is refused.
 */
export async function proveStop(db: Db, viewer: Viewer, body: ProofBody, actor: Actor): Promise<ProofResult> {
  const stopTrip = await repo.stopTrip(db, body.stopId);
  if (!stopTrip) throw new BusinessError(`站点不存在：${body.stopId}`);
  await requireCrew(db, viewer, stopTrip.trip_id);
  const receiverName = storableText(body.receiverName).trim();
  if (!receiverName) throw new BusinessError('参数错误：签收人不能为空');
  const signature = decodeImage(body.signature, '签名');
  const photo = body.photo ? decodeImage(body.photo, '照片') : null;
  const at = actor.stationAt ? new Date(actor.stationAt) : new Date();
  const proved = await mapUniqueViolation(() => inTransaction(db, async (trx) => {
    const stop = await repo.lockStop(trx, body.stopId);
    if (!stop) throw new BusinessError(`站点不存在：${body.stopId}`);
    if (body.scanId && stop.proof_scan_id === body.scanId) return { stopId: stop.id, repeated: true };
    const where = `第 ${stop.seq} 站「${stop.customer_name}」`;
    if (stop.status === 1) throw new BusinessError(`${where}已签收，不能重复签收`);
    if (stop.trip_status !== 1) throw new BusinessError(`车次 ${stop.trip_no} ${stop.trip_status === 0 ? '尚未发车' : '已结束'}，不能签收`);
    const cylinders = await repo.stopCylinders(trx, stop.id);
    const codes = body.differences.map((d) => d.code.trim());
    const fact = { id: stop.id, seq: stop.seq, customerName: stop.customer_name, status: stop.status };
    const missing = unexplained(fact, cylinders, codes);
    if (missing.length) throw new BusinessError(unexplainedMessage(fact, missing));
    const reasons: Array<{ id: number; reason: string }> = [];
    for (const d of body.differences) {
      const c = cylinders.find((x) => x.code === d.code.trim());
      if (!c || c.outcome !== 'onBoard') throw new BusinessError(`气瓶 ${d.code} 不是${where}车上未交付的气瓶，不能登记差异`);
      reasons.push({ id: Number(c.id), reason: d.reason });
    }
    await repo.setReasons(trx, reasons);
    await repo.saveProof(trx, stop.id, {
      receiverName, signature: signature.bytes, photo: photo?.bytes ?? null, photoType: photo?.type ?? null,
      latitude: body.latitude ?? null, longitude: body.longitude ?? null, accuracy: body.accuracy ?? null, provedAt: at,
      scanId: body.scanId ?? randomUUID(), by: actor.operatorId, token: randomBytes(24).toString('base64url'), remark: blankToNull(storableText(body.remark ?? '')),
    });
    return { stopId: stop.id, repeated: false };
  }), { trip_stops_proof_scan_id_key: () => '该扫描编号已用于另一站点的签收，请重新签收' });
  return answer(db, proved.stopId, proved.repeated);
}

/** GET /api/trip/proofImage/:stopId/:kind: the stored signature (PNG) or photo with its content type. */
export async function proofImage(db: Db, stopId: number, kind: 'signature' | 'photo'): Promise<{ bytes: Buffer; type: string }> {
  const row = await repo.proofImage(db, stopId);
  if (!row) throw new BusinessError(`站点不存在：${stopId}`);
  const bytes = kind === 'signature' ? row.signature : row.photo;
  if (!bytes) throw new BusinessError(kind === 'signature' ? '该站点还没有签名' : '该站点没有照片');
  if (kind === 'photo') return { bytes, type: row.photo_type ?? 'image/jpeg' };
  return { bytes, type: imageType(bytes) };
}
