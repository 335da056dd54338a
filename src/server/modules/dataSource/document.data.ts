import type { Kysely } from 'kysely';
import { ORDER_TYPES, type OrderType } from '@shared/api/storage';
import type { CompanyData, CylinderItemData } from '@shared/dataSources';
import type { BlobStore } from '../../blobs/blob-store';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../lib/errors';
import { ts, tsOrNull } from '../../lib/sql';
import { companyData, cylinderRecords } from './cylinder.data';
import { serverNow } from './dataSource.repository';

/** A cylinder as a document's list prints it: the cylinder with its last fill, inspection and re-weigh flattened. */
export interface DocumentCylinder extends CylinderItemData {
  fillAt: string | null;
  lotNo: string | null;
  fillWeight: number | null;
  fillPressure: number | null;
  fillOperator: string | null;
  inspectionResultName: string;
  weighNet: number | null;
}

/** The OUTBOUND_ORDER data source (src/shared/dataSources.ts). */
export interface OrderSourceData {
  order: { orderNo: string; typeName: string; statusName: string; createdAt: string; completedAt: string | null; operator: string | null; vehicle: string | null; driver: string | null; remark: string | null };
  customer: { name: string; code: string; contact: string | null; phone: string | null; address: string | null };
  sign: { name: string; at: string | null; image: string } | null;
  lines: Array<{ gasName: string; specification: string | null; quantity: number; scanned: number }>;
  cylinders: DocumentCylinder[];
  cylinderCount: number;
  company: CompanyData;
  printedAt: string;
}

/** The LOT data source. */
export interface LotSourceData {
  lot: { lotNo: string; gasName: string; firstFillAt: string; lastFillAt: string; cylinderCount: number; passedCount: number };
  cylinders: DocumentCylinder[];
  company: CompanyData;
  printedAt: string;
}

/** How many cylinders' records are read at once (each is a handful of index probes). */
const BATCH = 8;

async function documentCylinders(db: Kysely<DB>, codes: readonly string[], origin?: string): Promise<DocumentCylinder[]> {
  const out: DocumentCylinder[] = [];
  for (let i = 0; i < codes.length; i += BATCH) {
    const batch = await Promise.all(codes.slice(i, i + BATCH).map((code) => cylinderRecords(db, code, origin)));
    for (const r of batch) {
      if (!r) continue;
      out.push({
        ...r.cylinder,
        fillAt: r.lastFill?.at ?? null, lotNo: r.lastFill?.lotNo ?? null, fillWeight: r.lastFill?.weight ?? null,
        fillPressure: r.lastFill?.pressure ?? null, fillOperator: r.lastFill?.operator ?? null,
        inspectionResultName: r.lastInspection?.resultName ?? '未检验', weighNet: r.lastWeigh?.net ?? null,
      });
    }
  }
  return out;
}

/** The OUTBOUND_ORDER data of outbound order `id`: head, customer, sign-off, lines and the cylinders on it. */
export async function orderData(db: Kysely<DB>, blobs: BlobStore, id: number, origin?: string): Promise<OrderSourceData> {
  const o = await db.selectFrom('storage_orders as o')
    .leftJoin('enterprises as e', 'e.id', 'o.customer_id')
    .select([
      'o.id', 'o.order_no', 'o.direction', 'o.type', 'o.status', ts('o.created_at').as('createdAt'), tsOrNull('o.completed_at').as('completedAt'),
      'o.operator', 'o.vehicle', 'o.driver', 'o.remark', 'o.sign_name', 'o.sign_image', tsOrNull('o.signed_at').as('signedAt'),
      'e.enterprise_name', 'e.enterprise_code', 'e.contact', 'e.phone', 'e.province_name', 'e.city_name', 'e.district_name', 'e.address',
    ])
    .where('o.id', '=', id)
    .executeTakeFirst();
  if (!o || o.direction !== 'out') throw new BusinessError(`出库单不存在：${id}`);
  const [lines, items, company, printedAt] = await Promise.all([
    db.selectFrom('storage_order_lines as l').innerJoin('materials as m', 'm.id', 'l.material_id')
      .select(['m.material_name as gasName', 'l.specification', 'l.quantity', 'l.scanned']).where('l.order_id', '=', id).orderBy('l.id').execute(),
    db.selectFrom('storage_order_items as i').innerJoin('cylinders as c', 'c.id', 'i.cylinder_id').select('c.code')
      .where('i.order_id', '=', id).where('i.reverted_at', 'is', null).orderBy('i.id').execute(),
    companyData(db, blobs),
    serverNow(db),
  ]);
  const cylinders = await documentCylinders(db, [...new Set(items.map((i) => i.code))], origin);
  const address = [o.province_name, o.city_name, o.district_name, o.address].filter(Boolean).join('');
  return {
    order: {
      orderNo: o.order_no, typeName: ORDER_TYPES[o.type as OrderType]?.zh ?? o.type, statusName: o.status === 1 ? '已出库' : o.status === 2 ? '已作废' : '出库中',
      createdAt: o.createdAt, completedAt: o.completedAt, operator: o.operator, vehicle: o.vehicle, driver: o.driver, remark: o.remark,
    },
    customer: { name: o.enterprise_name ?? '', code: o.enterprise_code ?? '', contact: o.contact, phone: o.phone, address: address || null },
    sign: o.sign_name && o.sign_image ? { name: o.sign_name, at: o.signedAt, image: o.sign_image } : null,
    lines: lines.map((l) => ({ gasName: l.gasName, specification: l.specification, quantity: l.quantity, scanned: l.scanned })),
    cylinders,
    cylinderCount: cylinders.length,
    company,
    printedAt,
  };
}

/** The LOT data of lot `lotNo`: the cylinders whose last standing fill carries it. */
export async function lotData(db: Kysely<DB>, blobs: BlobStore, lotNo: string, origin?: string): Promise<LotSourceData> {
  const fills = await db.selectFrom('filling_records as r').innerJoin('cylinders as c', 'c.id', 'r.cylinder_id')
    .innerJoin('materials as m', 'm.id', 'r.material_id')
    .select(['c.code', 'm.material_name as gasName', ts('r.created_at').as('at')])
    .where('r.lot_no', '=', lotNo).where('r.reverted_at', 'is', null).orderBy('r.id').execute();
  if (!fills.length) throw new BusinessError(`充装批次不存在：${lotNo}`);
  const [all, company, printedAt] = await Promise.all([
    documentCylinders(db, [...new Set(fills.map((f) => f.code))], origin), companyData(db, blobs), serverNow(db),
  ]);
  // A cylinder filled again since belongs to its newer lot.
  const cylinders = all.filter((c) => c.lotNo === lotNo);
  return {
    lot: {
      lotNo, gasName: fills[0]!.gasName, firstFillAt: fills[0]!.at, lastFillAt: fills[fills.length - 1]!.at,
      cylinderCount: cylinders.length, passedCount: cylinders.filter((c) => c.inspectionResultName === '合格').length,
    },
    cylinders,
    company,
    printedAt,
  };
}
