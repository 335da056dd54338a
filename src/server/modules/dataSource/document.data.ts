import type { Kysely } from 'kysely';
import { ORDER_TYPES, type OrderType } from '@shared/api/storage';
import { PASS_STATEMENTS, type CompanyData, type ConclusionData, type CylinderItemData } from '@shared/dataSources';
import type { BlobStore } from '../../blobs/blob-store';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../lib/errors';
import { fillOutcomes, type CylinderFill } from '../cylinder';
import { companyData, cylinderItem } from './cylinder.data';
import { orderHead, orderLines, serverNow } from './dataSource.repository';
import { conclusionOf, fillVerdict } from './verdict';

/**
 * A document's row: the cylinder and one of its fills with that fill's own inspection, re-weigh and verdict
 * (FILL_ROW_FIELDS of src/shared/dataSources.ts).
 */
export interface DocumentCylinder extends CylinderItemData {
  fillAt: string | null;
  lotNo: string | null;
  fillWeight: number | null;
  fillPressure: number | null;
  fillOperator: string | null;
  inspectionAt: string | null;
  inspectionResultName: string;
  weighNet: number | null;
  weighStandard: string;
  weighResultName: string;
  verdictName: string;
  passed: boolean;
}

/** The OUTBOUND_ORDER data source (src/shared/dataSources.ts). */
export interface OrderSourceData {
  order: { orderNo: string; typeName: string; statusName: string; createdAt: string; completedAt: string | null; operator: string | null; vehicle: string | null; driver: string | null; escort: string | null; remark: string | null };
  customer: { name: string; code: string; contact: string | null; phone: string | null; address: string | null };
  sign: { name: string; at: string | null; image: string } | null;
  lines: Array<{ gasName: string; specification: string | null; quantity: number; scanned: number }>;
  cylinders: DocumentCylinder[];
  cylinderCount: number;
  conclusion: ConclusionData;
  company: CompanyData;
  printedAt: string;
}

/** The LOT data source. */
export interface LotSourceData {
  lot: { lotNo: string; gasName: string; firstFillAt: string; lastFillAt: string; fillCount: number; cylinderCount: number; passedCount: number };
  cylinders: DocumentCylinder[];
  conclusion: ConclusionData;
  company: CompanyData;
  printedAt: string;
}

/** How many cylinders are read at once (each is a handful of index probes). */
const BATCH = 8;

/** The rows of a document, one per listed fill, each judged by its own records; and what they conclude. */
async function documentRows(db: Kysely<DB>, listed: CylinderFill[], passStatement: string, origin?: string) {
  const codes = [...new Set(listed.map((l) => l.code))];
  const items = new Map<string, CylinderItemData>();
  for (let i = 0; i < codes.length; i += BATCH) {
    const batch = await Promise.all(codes.slice(i, i + BATCH).map((code) => cylinderItem(db, code, origin)));
    for (const found of batch) if (found) items.set(found.cylinder.code, found.cylinder);
  }
  const judged = listed.flatMap(({ code, fill }) => {
    const cylinder = items.get(code);
    return cylinder ? [{ cylinder, fill, ...fillVerdict(fill) }] : [];
  });
  const rows: DocumentCylinder[] = judged.map(({ cylinder, fill, verdict, ...names }) => ({
    ...cylinder, ...names,
    fillAt: fill?.at ?? null, lotNo: fill?.lotNo ?? null, fillWeight: fill?.weight ?? null, fillPressure: fill?.pressure ?? null,
    fillOperator: fill?.operator ?? null, inspectionAt: fill?.inspection?.at ?? null, weighNet: fill?.weigh?.net ?? null,
    passed: verdict === 'passed',
  }));
  return { rows, conclusion: conclusionOf(judged, passStatement) };
}

/** The OUTBOUND_ORDER data of outbound order `id`: head, customer, sign-off, lines and the cylinders on it. */
export async function orderData(db: Kysely<DB>, blobs: BlobStore, id: number, origin?: string): Promise<OrderSourceData> {
  const o = await orderHead(db, id);
  if (!o || o.direction !== 'out') throw new BusinessError(`出库单不存在：${id}`);
  const [lines, carried, company, printedAt] = await Promise.all([
    orderLines(db, id),
    fillOutcomes(db, { orderId: id }),
    companyData(db, blobs),
    serverNow(db),
  ]);
  // Each cylinder with the fill it was shipped with: a later fill (after its return) is another delivery's.
  const { rows: cylinders, conclusion } = await documentRows(db, carried, PASS_STATEMENTS.OUTBOUND_ORDER, origin);
  const address = [o.province_name, o.city_name, o.district_name, o.address].filter(Boolean).join('');
  return {
    order: {
      orderNo: o.order_no, typeName: ORDER_TYPES[o.type as OrderType]?.zh ?? o.type, statusName: o.status === 1 ? '已出库' : o.status === 2 ? '已作废' : '出库中',
      createdAt: o.createdAt, completedAt: o.completedAt, operator: o.operator, vehicle: o.vehicle, driver: o.driver, escort: o.escort, remark: o.remark,
    },
    customer: { name: o.enterprise_name ?? '', code: o.enterprise_code ?? '', contact: o.contact, phone: o.phone, address: address || null },
    sign: o.sign_name && o.sign_image ? { name: o.sign_name, at: o.signedAt, image: o.sign_image } : null,
    lines: lines.map((l) => ({ gasName: l.gasName, specification: l.specification, quantity: l.quantity, scanned: l.scanned })),
    cylinders,
    cylinderCount: cylinders.length,
    conclusion,
    company,
    printedAt,
  };
}

/**
 * The LOT data of lot `lotNo`: every standing fill recorded with it (the recall's list of the lot), a cylinder
 * filled again since in another lot included, each with its own inspection and re-weigh; and the conclusion.
 */
export async function lotData(db: Kysely<DB>, blobs: BlobStore, lotNo: string, origin?: string): Promise<LotSourceData> {
  const fills = await fillOutcomes(db, { lotNo });
  const first = fills[0]?.fill;
  const last = fills[fills.length - 1]?.fill;
  if (!first || !last) throw new BusinessError(`充装批次不存在：${lotNo}`);
  const [{ rows, conclusion }, company, printedAt] = await Promise.all([
    documentRows(db, fills, PASS_STATEMENTS.LOT, origin), companyData(db, blobs), serverNow(db),
  ]);
  return {
    lot: {
      lotNo, gasName: first.gasName, firstFillAt: first.at, lastFillAt: last.at, fillCount: rows.length,
      cylinderCount: new Set(fills.map((f) => f.cylinderId)).size, passedCount: conclusion.passedCount,
    },
    cylinders: rows,
    conclusion,
    company,
    printedAt,
  };
}
