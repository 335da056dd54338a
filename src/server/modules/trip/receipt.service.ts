import type { Kysely } from 'kysely';
import { DIFFERENCE_REASONS } from '@shared/api/trip';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../lib/errors';
import { customerContacts } from '../enterprise';
import { printShipped, type PrintedDocument } from '../report';
import * as repo from './trip.repository';

/** 签收单 (issue 37): the receipt of a stop, opened by its token (the QR code the customer scans) without signing in. */

type Db = Kysely<DB>;

const reasonName = (code: string | null) => DIFFERENCE_REASONS.find((r) => r.code === code)?.zh ?? code ?? '';
const pad = (n: number) => String(n).padStart(2, '0');
const moment = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
const coord = (v: number | null) => (v === null ? null : v.toFixed(6));

/** What the template prints (scripts/report-templates/build.ts TRIP_RECEIPT). */
export async function receiptData(db: Db, token: string) {
  const found = /^[A-Za-z0-9_-]{16,64}$/.test(token) ? await repo.stopByToken(db, token) : undefined;
  if (!found) throw new BusinessError('签收单不存在或链接已失效');
  const [trip, stops, cylinders, pickups, image, contacts] = await Promise.all([
    repo.tripRow(db, found.tripId), repo.manifestStops(db, found.tripId), repo.manifestCylinders(db, found.tripId), repo.manifestPickups(db, found.tripId),
    repo.proofImage(db, found.id), customerContacts(db, [found.customerId]),
  ]);
  const stop = stops.find((s) => s.id === found.id)!;
  const customer = contacts.get(found.customerId);
  const mine = cylinders.filter((c) => c.stopId === found.id);
  const row = (c: { code: string; materialName: string | null; specification: string | null }) => ({ code: c.code, gasName: c.materialName ?? '', specification: c.specification ?? '' });
  const delivered = mine.filter((c) => c.outcome === 'delivered').map((c) => ({ ...row(c), orderNo: c.orderNo }));
  const differences = mine.filter((c) => c.reason !== null).map((c) => ({ ...row(c), reasonName: reasonName(c.reason) }));
  const taken = pickups.filter((p) => p.stopId === found.id).map((p) => ({ ...row(p), note: p.forced ? `强制回收：${p.discrepancy ?? ''}` : '回收空瓶' }));
  const sig = image?.signature;
  return {
    trip: { tripNo: trip?.tripNo ?? '', plate: trip?.plate ?? '', driver: trip?.driverName ?? '', escort: trip?.escortName ?? '' },
    customer: { name: customer?.name ?? '', address: customer?.address ?? '', contact: customer?.contact ?? '', phone: customer?.phone ?? '' },
    receiverName: stop.receiverName ?? '', provedAt: stop.provedAt ?? '',
    position: stop.latitude === null || stop.longitude === null ? '未记录' : `${coord(stop.latitude)}, ${coord(stop.longitude)}`,
    delivered, deliveredCount: delivered.length, differences, differenceCount: differences.length, pickups: taken, pickupCount: taken.length,
    remark: found.remark ?? '',
    signature: sig ? `data:image/${sig.subarray(0, 1).toString('hex') === '89' ? 'png' : 'jpeg'};base64,${sig.toString('base64')}` : null,
    printedAt: moment(new Date()),
  };
}

/** GET /api/trip/receipt/:token: the PDF (the filled .docx where LibreOffice is missing). */
export async function receipt(db: Db, token: string): Promise<PrintedDocument> {
  const data = await receiptData(db, token);
  return printShipped('TRIP_RECEIPT', `签收单-${data.trip.tripNo}`, data);
}
