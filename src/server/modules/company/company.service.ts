import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { LOGO_MAX_MB, type CompanyInfo, type CompanySaveBody } from '@shared/api/company';
import type { UploadedFile } from '@shared/api/file';
import type { DB } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { BusinessError } from '../../lib/errors';
import { blankToNull } from '../../lib/paging';
import { safeExtension } from '../../blobs/object-path';
import type { BlobStore } from '../../blobs/blob-store';
import { findArea } from '../area';
import { cleanOriginalName, saveUpload, tooLargeMessage } from '../file';
import * as repo from './company.repository';

export const LOGO_MAX_BYTES = LOGO_MAX_MB * 1024 * 1024;
export const MSG_LOGO_MISSING = '企业标志文件不存在';
export const MSG_LOGO_TYPE = '企业标志只能是 PNG 或 JPEG 图片';

const EMPTY: CompanyInfo = {
  companyName: null, creditCode: null, licenceNo: null, licenceExpiry: null, address: null, phone: null,
  logoPath: null, appTitle: null, licenceDaysLeft: null, publicPage: 1, publicUrl: null, areaCode: null, updatedAt: null,
};

/** The plant's record; before anyone saved it, every field is null. */
export async function companyInfo(db: Kysely<DB>): Promise<CompanyInfo> {
  return (await repo.findCompany(db)) ?? EMPTY;
}

export const appTitle = (db: Kysely<DB>) => repo.findAppTitle(db);

/**
 * Replaces the record: a field sent empty (or left out) is cleared. The logo must be one uploadLogo stored; the area
 * code (所在地区) one of the division tree's.
 */
export async function saveCompany(db: Kysely<DB>, body: CompanySaveBody): Promise<void> {
  const values: repo.CompanyValues = {
    company_name: blankToNull(body.companyName),
    credit_code: blankToNull(body.creditCode),
    licence_no: blankToNull(body.licenceNo),
    licence_expiry: blankToNull(body.licenceExpiry),
    address: blankToNull(body.address),
    phone: blankToNull(body.phone),
    logo_path: blankToNull(body.logoPath),
    app_title: blankToNull(body.appTitle),
    public_url: blankToNull(body.publicUrl)?.replace(/\/+$/, '') ?? null,
    public_page: body.publicPage,
    area_code: blankToNull(body.areaCode),
  };
  if (values.area_code && !findArea(values.area_code)) throw new BusinessError(`所在地区代码不存在：${values.area_code}`);
  await inTransaction(db, async (trx) => {
    if (values.logo_path && !(await repo.isUploadedLogo(trx, values.logo_path))) throw new BusinessError(MSG_LOGO_MISSING);
    await repo.upsertCompany(trx, values);
  });
}

/** The image type the bytes say (the name and the browser's content type are not trusted). */
function imageKind(head: Buffer): 'png' | 'jpg' | null {
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (head.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))) return 'jpg';
  return null;
}

/**
 * Stores a logo: PNG or JPEG by its bytes, at most LOGO_MAX_MB. The stored name takes the extension of
 * what the bytes are, so the download is served (and previewed) as that image. Linked as the company
 * logo: every signed-in user may download it.
 */
export async function storeLogo(
  db: Kysely<DB>,
  storage: BlobStore,
  upload: { bytes: Buffer; truncated: boolean; filename: string | undefined; userId: number },
): Promise<UploadedFile> {
  if (upload.truncated || upload.bytes.length > LOGO_MAX_BYTES) throw new BusinessError(tooLargeMessage(LOGO_MAX_BYTES));
  const kind = imageKind(upload.bytes);
  if (!kind) throw new BusinessError(MSG_LOGO_TYPE);
  const name = cleanOriginalName(upload.filename);
  const ext = safeExtension(name);
  const fits = kind === 'png' ? ext === 'png' : ext === 'jpg' || ext === 'jpeg';
  const filename = fits ? name : `${name.replace(/\.[A-Za-z0-9]{1,10}$/, '')}.${kind}`;
  return saveUpload(db, storage, { source: Readable.from([upload.bytes]), filename, maxBytes: LOGO_MAX_BYTES, userId: upload.userId, link: repo.LOGO_LINK });
}
