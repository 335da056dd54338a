import type { Kysely } from 'kysely';
import type { CompanyData, CylinderSourceData, InspectionItemData } from '@shared/dataSources';
import { statusName } from '@shared/lifecycle';
import type { BlobStore } from '../../blobs/blob-store';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../lib/errors';
import { companyInfo } from '../company';
import { designLife } from '../cylinder';
import { cylinderQrUrl } from '../qrPage';
import * as repo from './dataSource.repository';

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

const weighResult = (passed: boolean, deviation: number) => (passed ? '合格' : deviation > 0 ? '超重' : '欠重');

/**
 * The CYLINDER data source for the cylinder `code`: the cylinder, its last fill, inspection and re-weigh
 * (null when it has none), the plant, and when it was built. Refused naming the code when unknown.
 * `origin` is the server's address as the caller reached it: the QR's address when 企业信息 names no public one.
 */
export async function cylinderData(db: Kysely<DB>, blobs: BlobStore, code: string, origin?: string): Promise<CylinderSourceData> {
  const [data, company, printedAt] = await Promise.all([cylinderRecords(db, code, origin), companyData(db, blobs), repo.serverNow(db)]);
  if (!data) throw new BusinessError(`气瓶不存在：${code}`);
  return { ...data, company, printedAt };
}

/** The cylinder `code` and its last fill, inspection and re-weigh (null when it has none); undefined when unknown. */
export async function cylinderRecords(db: Kysely<DB>, code: string, origin?: string): Promise<Omit<CylinderSourceData, 'company' | 'printedAt'> | undefined> {
  const c = await repo.cylinderRow(db, code);
  if (!c) return undefined;
  const [{ fill, test, weigh }, qrUrl] = await Promise.all([repo.lastRecords(db, c.id), cylinderQrUrl(db, c.code, origin)]);
  const life = designLife(c, { designLifeYears: c.gasLifeYears, extendedLifeYears: c.gasExtendedLifeYears });
  return {
    cylinder: {
      code: c.code, steelStamp: c.steelStamp, gasName: c.gasName, gasCode: c.gasCode, specification: c.specification,
      waterVolume: c.waterVolume, tareWeight: c.tareWeight, workingPressure: c.workingPressure, manufacturer: c.manufacturer,
      manufactureDate: c.manufactureDate, lastInspectionDate: c.lastInspectionDate, nextInspectionDate: c.nextInspectionDate,
      designLifeUntil: life?.end ?? null, statusName: statusName(c.status), ownerName: c.ownerName, qrUrl,
    },
    lastFill: fill ?? null,
    lastInspection: test ? { at: test.at, resultName: test.result === 1 ? '合格' : '不合格', operator: test.operator, items: itemsOf(test.items) } : null,
    lastWeigh: weigh ? { at: weigh.at, gross: weigh.gross, net: weigh.net, deviation: weigh.deviation, resultName: weighResult(weigh.passed, weigh.deviation), operator: weigh.operator } : null,
  };
}
