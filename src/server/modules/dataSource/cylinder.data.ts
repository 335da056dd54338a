import type { Kysely } from 'kysely';
import type { CompanyData, CylinderItemData, CylinderSourceData, FillData, InspectionData, InspectionItemData, WeighData } from '@shared/dataSources';
import { statusName } from '@shared/lifecycle';
import type { BlobStore } from '../../blobs/blob-store';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../lib/errors';
import { companyInfo } from '../company';
import { designLife, fillOutcomes, type FillOutcome } from '../cylinder';
import { cylinderQrUrl } from '../qrPage';
import * as repo from './dataSource.repository';
import { fillVerdict } from './verdict';

/** Largest image embedded as a data URL (the logo is at most 2 MB when uploaded). */
const IMAGE_MAX_BYTES = 4 * 1024 * 1024;
const IMAGE_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg' };

/** A stored PNG or JPEG as a data URL; null when the path is empty, missing or not such an image. */
export async function imageDataUrl(blobs: BlobStore, path: string | null): Promise<string | null> {
  if (!path) return null;
  const mime = IMAGE_TYPES[path.split('.').pop()?.toLowerCase() ?? ''];
  if (!mime) return null;
  const stat = await blobs.stat(path).catch(() => null);
  if (!stat || stat.size > IMAGE_MAX_BYTES) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of blobs.get(path)) chunks.push(chunk as Buffer);
  return `data:${mime};base64,${Buffer.concat(chunks).toString('base64')}`;
}

/** The plant (企业信息) as every data source carries it. */
export async function companyData(db: Kysely<DB>, blobs: BlobStore): Promise<CompanyData> {
  const c = await companyInfo(db);
  return {
    name: c.companyName, creditCode: c.creditCode, licenceNo: c.licenceNo, licenceExpiry: c.licenceExpiry,
    address: c.address, phone: c.phone, logo: await imageDataUrl(blobs, c.logoPath),
  };
}

interface StoredItem { projectName?: string; value?: number | null; text?: string | null; unit?: string | null; standard?: string | null; passed?: boolean }

const itemsOf = (items: unknown): InspectionItemData[] => (Array.isArray(items) ? items as StoredItem[] : []).map((i) => ({
  name: i.projectName ?? '', value: i.value !== null && i.value !== undefined ? String(i.value) : (i.text ?? ''),
  standard: i.standard ?? '', unit: i.unit ?? '', resultName: i.passed ? '合格' : '不合格',
}));

/** A fill, and that fill's own inspection and re-weigh, as the CYLINDER source prints them. */
const fillData = (f: FillOutcome): FillData => ({
  at: f.at, lotNo: f.lotNo, weight: f.weight, pressure: f.pressure, operator: f.operator, workstation: f.workstation,
});
const inspectionData = (f: FillOutcome): InspectionData | null => (f.inspection
  ? { at: f.inspection.at, resultName: f.inspection.passed ? '合格' : '不合格', operator: f.inspection.operator, items: itemsOf(f.inspection.items) }
  : null);
const weighData = (f: FillOutcome): WeighData | null => {
  const w = f.weigh;
  return w ? { at: w.at, gross: w.gross, net: w.net, deviation: w.deviation, resultName: fillVerdict(f).weighResultName, operator: w.operator } : null;
};

/**
 * The CYLINDER data source for the cylinder `code`: the cylinder, its last fill with that fill's inspection and
 * re-weigh (null when it has none yet), the plant, and when it was built. Refused naming the code when unknown.
 * `origin` is the server's address as the caller reached it: the QR's address when 企业信息 names no public one.
 */
export async function cylinderData(db: Kysely<DB>, blobs: BlobStore, code: string, origin?: string): Promise<CylinderSourceData> {
  const [data, company, printedAt] = await Promise.all([cylinderRecords(db, code, origin), companyData(db, blobs), repo.serverNow(db)]);
  if (!data) throw new BusinessError(`气瓶不存在：${code}`);
  return { ...data, company, printedAt };
}

/**
 * The cylinder `code` and its last fill with the inspection and re-weigh of that fill: an inspection of an earlier
 * fill says nothing of this one, so it is null until this fill is inspected. Undefined when the code is unknown.
 */
async function cylinderRecords(db: Kysely<DB>, code: string, origin?: string): Promise<Omit<CylinderSourceData, 'company' | 'printedAt'> | undefined> {
  const found = await cylinderItem(db, code, origin);
  if (!found) return undefined;
  const [last] = await fillOutcomes(db, { cylinderId: found.id });
  const fill = last?.fill ?? null;
  return {
    cylinder: found.cylinder,
    lastFill: fill && fillData(fill),
    lastInspection: fill && inspectionData(fill),
    lastWeigh: fill && weighData(fill),
  };
}

/** The cylinder `code` as documents and labels print it, with its id; undefined when unknown. */
export async function cylinderItem(db: Kysely<DB>, code: string, origin?: string): Promise<{ id: number; cylinder: CylinderItemData } | undefined> {
  const c = await repo.cylinderRow(db, code);
  if (!c) return undefined;
  const qrUrl = await cylinderQrUrl(db, c.code, origin);
  const life = designLife(c, { designLifeYears: c.gasLifeYears, extendedLifeYears: c.gasExtendedLifeYears });
  return {
    id: c.id,
    cylinder: {
      code: c.code, steelStamp: c.steelStamp, gasName: c.gasName, gasCode: c.gasCode, specification: c.specification,
      waterVolume: c.waterVolume, tareWeight: c.tareWeight, workingPressure: c.workingPressure, manufacturer: c.manufacturer,
      manufactureDate: c.manufactureDate, lastInspectionDate: c.lastInspectionDate, nextInspectionDate: c.nextInspectionDate,
      designLifeUntil: life?.end ?? null, statusName: statusName(c.status), ownerName: c.ownerName, qrUrl,
    },
  };
}
