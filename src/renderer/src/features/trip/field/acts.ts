import { TRIP, type ManifestStop, type ProofBody, type ProofResult, type ScanResult } from '@shared/api/trip';
import { judgeDelivery, pickupForced, unexplained, unexplainedMessage } from '@shared/trip/delivery';
import { fieldActsWaiting, keepFieldAct, type FieldAct, type KeptTrip, type TripEffect } from '@renderer/features/offline';
import type { MessageKey } from '@renderer/i18n/messages';
import { connectivity } from '@renderer/stations/connectivity';
import { failureOf, newScanId } from '@renderer/stations/scan';
import { callEndpoint } from '@renderer/store/endpoints';
import { actKept, cylinderFacts, deliveredAct, keepEffect, keepReceipt, pickupRecord, proofBody, provedAct, stopFact } from './tripStore';

type T = (key: MessageKey, vars?: Record<string, string | number>) => string;

/**
 * What a driver's act came to: done by the server (ok), kept on the device to be sent later (queued), nothing to do
 * (repeated), or refused (by the rules on the copy, or by the server) with the reason.
 */
export interface ActVerdict {
  kind: 'ok' | 'queued' | 'repeated' | 'refused';
  message: string;
  /** Done, with something to look at: a forced return. */
  warning?: string;
}

type Sent<D> = { kind: 'answered'; data: D } | { kind: 'kept' } | { kind: 'refused'; message: string };

/** No answer at all (network, timeout): the server cannot be reached. */
const unreachable = (e: unknown): boolean => typeof (e as { code?: unknown } | null)?.code !== 'number';

/**
 * Sends an act, or keeps it in the stations' queue when the device is offline, when the call gets no answer, or when
 * earlier acts still wait there (a new act goes behind them: the server gets a stop's deliveries before its proof).
 * Either way, unless refused, its effect on the device's copy (`effectOf` the answer, null when kept) is recorded.
 */
async function send<D>(t: T, act: FieldAct, effectOf: (data: D | null) => TripEffect, call: () => Promise<D>): Promise<Sent<D>> {
  const keep = async (): Promise<Sent<D>> => {
    const effect = effectOf(null);
    await keepFieldAct(act, effect);
    actKept(effect.act);
    return { kind: 'kept' };
  };
  if (!connectivity.get().online || (await fieldActsWaiting()) > 0) return keep();
  let data: D;
  try {
    data = await call();
    connectivity.answered();
  } catch (e) {
    const failure = failureOf(e);
    if (unreachable(e)) {
      connectivity.lost();
      return keep();
    }
    connectivity.answered();
    return { kind: 'refused', message: failure.kind === 'refused' ? failure.message : t('field.trip.serverFailed', { why: failure.message ?? '' }) };
  }
  await keepEffect(effectOf(data));
  return { kind: 'answered', data };
}

const QUIET = { silent: true, action: true } as const;

/** 交付 at `stop`: judged on the copy (the server's words), then sent or kept; the copy shows it delivered at once. */
export async function deliverAct(t: T, trip: KeptTrip, stop: ManifestStop, code: string): Promise<ActVerdict> {
  const verdict = judgeDelivery(code, stopFact(stop), trip.stops.map(stopFact), cylinderFacts(trip.cylinders));
  if (verdict.kind === 'refuse') return { kind: 'refused', message: verdict.message };
  if (verdict.kind === 'repeat') return { kind: 'repeated', message: verdict.message };
  const body = { stopId: stop.id, code, scanId: newScanId() };
  const sent = await send<ScanResult>(t, { url: '/trip/deliver', body, code, note: stop.customerName },
    () => ({ act: deliveredAct(trip.id, code) }), () => callEndpoint(TRIP.deliver, body, QUIET));
  if (sent.kind === 'refused') return { kind: 'refused', message: sent.message };
  return sent.kind === 'kept'
    ? { kind: 'queued', message: t('field.trip.kept', { code }) }
    : { kind: sent.data.repeated ? 'repeated' : 'ok', message: sent.data.message || t('field.trip.delivered', { code }) };
}

/**
 * 回收空瓶 at `stop`: a cylinder the records have at another customer (not in the stop's holdings) is a forced return,
 * told as a warning; a full cylinder of this trip still on board is no empty.
 */
export async function pickupAct(t: T, trip: KeptTrip, stop: ManifestStop, code: string): Promise<ActVerdict> {
  if (trip.pickups.some((p) => p.code === code)) return { kind: 'repeated', message: t('field.trip.alreadyPicked', { code }) };
  if (trip.cylinders.some((c) => c.code === code && c.outcome === 'onBoard')) return { kind: 'refused', message: t('field.trip.onBoard', { code }) };
  const forced = pickupForced(code, stop.holdings);
  const body = { stopId: stop.id, code, scanId: newScanId() };
  const sent = await send<ScanResult>(t, { url: '/trip/pickup', body, code, note: stop.customerName },
    () => ({ act: pickupRecord(trip.id, stop.id, code, forced) }), () => callEndpoint(TRIP.pickup, body, QUIET));
  if (sent.kind === 'refused') return { kind: 'refused', message: sent.message };
  const warning = forced ? t('field.trip.forced', { code, customer: stop.customerName }) : undefined;
  return sent.kind === 'kept'
    ? { kind: 'queued', message: t('field.trip.kept', { code }), warning }
    : { kind: sent.data.repeated ? 'repeated' : 'ok', message: sent.data.message || t('field.trip.pickedUp', { code }), warning };
}

/** The proof form as the driver filled it. */
export interface ProofForm {
  receiverName: string;
  signature: string | null;
  photo: string | null;
  position: { latitude: number; longitude: number; accuracy: number } | null;
  /** Per cylinder still on board: its 差异原因. */
  reasons: Record<string, string>;
  remark: string;
}

/** Why the proof cannot be taken yet (the first thing missing), or null. */
export function proofProblem(t: T, trip: KeptTrip, stop: ManifestStop, form: ProofForm): string | null {
  if (!form.receiverName.trim()) return t('field.trip.proof.noReceiver');
  // The differences are settled before the receiver signs for what was handed over.
  const left = unexplained(stopFact(stop), cylinderFacts(trip.cylinders), Object.keys(form.reasons).filter((c) => form.reasons[c]));
  if (left.length) return unexplainedMessage(stopFact(stop), left);
  if (!form.signature) return t('field.trip.proof.noSignature');
  return null;
}

/** 签收: checked on the copy, then sent or kept; the stop shows signed at once, its receipt once the server answered. */
export async function proofAct(t: T, trip: KeptTrip, stop: ManifestStop, form: ProofForm, at = new Date()): Promise<ActVerdict> {
  const problem = proofProblem(t, trip, stop, form);
  if (problem) return { kind: 'refused', message: problem };
  const onBoard = new Set(trip.cylinders.filter((c) => c.stopId === stop.id && c.outcome === 'onBoard').map((c) => c.code));
  const differences = Object.entries(form.reasons).filter(([code, reason]) => reason && onBoard.has(code)).map(([code, reason]) => ({ code, reason }));
  const scanId = newScanId();
  const body: ProofBody & { scanId: string } = {
    stopId: stop.id, scanId, receiverName: form.receiverName.trim(), signature: form.signature!, photo: form.photo,
    latitude: form.position?.latitude ?? null, longitude: form.position?.longitude ?? null, accuracy: form.position?.accuracy ?? null,
    differences: differences as ProofBody['differences'], ...(form.remark.trim() ? { remark: form.remark.trim() } : {}),
  };
  const reasons = Object.fromEntries(differences.map((d) => [d.code, d.reason]));
  // The body is kept until the receipt comes (asked again with the same scanId once the queue has sent the proof).
  const effectOf = (answer: ProofResult | null): TripEffect => {
    const token = answer?.receiptToken ?? null;
    const proof = { scanId, receiptToken: token, at: at.toISOString() };
    return { act: provedAct(trip.id, stop.id, proof, body.receiverName, reasons), ...(token ? {} : { body: { scanId, tripId: trip.id, stopId: stop.id, body } }) };
  };
  const sent = await send<ProofResult>(t, { url: '/trip/proof', body, code: stop.customerName }, effectOf,
    () => callEndpoint(TRIP.proof, body, QUIET));
  if (sent.kind === 'refused') return { kind: 'refused', message: sent.message };
  return sent.kind === 'kept'
    ? { kind: 'queued', message: t('field.trip.proof.kept') }
    : { kind: 'ok', message: t('field.trip.proof.done', { receiver: body.receiverName, time: at.toLocaleTimeString() }) };
}

/**
 * The receipt of a proof that was kept offline: once the queue has sent it, the same call (same scanId, which acts
 * once) answers again with its receipt token. Null while it cannot (still waiting, or offline).
 */
export async function askReceipt(trip: KeptTrip, stopId: number): Promise<string | null> {
  const proof = trip.proofs[stopId];
  if (!proof || proof.receiptToken) return proof?.receiptToken ?? null;
  if (!connectivity.get().online || (await fieldActsWaiting()) > 0) return null;
  try {
    const body = await proofBody(proof.scanId);
    if (!body?.scanId) return null;
    const result = await callEndpoint(TRIP.proof, body as ProofBody, QUIET);
    await keepReceipt(trip.id, stopId, result.receiptToken);
    return result.receiptToken;
  } catch {
    return null;
  }
}
