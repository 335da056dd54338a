import type { Kysely } from 'kysely';
import { STATUS } from '@shared/lifecycle';
import { statusName } from '@shared/lifecycle';
import type { DB } from '../../db/schema';
import { designLife } from '../cylinder';
import { lastHouseholdDelivery } from '../household';
import { cylinderPage, MESSAGE_PAGES } from './qrPage.html';
import { codeOfToken, qrUrl } from './qr-token';
import * as repo from './qrPage.repository';

/** The plant's secret never changes once made: read once per process. */
let secret: { db: Kysely<DB>; value: Promise<string> } | null = null;
export function plantSecret(db: Kysely<DB>): Promise<string> {
  if (secret?.db !== db) {
    const value = repo.qrSecret(db);
    secret = { db, value };
    value.catch(() => (secret = null));
  }
  return secret.value;
}

/**
 * The address of a cylinder's public page for its label: the plant's public address (企业信息 公开访问地址),
 * else `fallbackOrigin` (the address the label was asked from). '' when there is neither.
 */
export async function cylinderQrUrl(db: Kysely<DB>, code: string, fallbackOrigin?: string): Promise<string> {
  const [key, setting] = await Promise.all([plantSecret(db), repo.publicPageSetting(db)]);
  const origin = setting.publicUrl || fallbackOrigin;
  return origin ? qrUrl(origin, key, code) : '';
}

export interface PageAnswer {
  status: number;
  html: string;
}

export type PageSetting = Awaited<ReturnType<typeof repo.publicPageSetting>>;
export const pageSetting = (db: Kysely<DB>): Promise<PageSetting> => repo.publicPageSetting(db);

/**
 * The page for a token as it would be served now (the route adds rate limiting and the short cache, and may
 * hand in the plant's setting from its cache).
 */
export async function buildPage(db: Kysely<DB>, token: string, setting: () => Promise<PageSetting> = () => pageSetting(db)): Promise<PageAnswer> {
  const code = codeOfToken(await plantSecret(db), token);
  if (!code) return { status: 404, html: MESSAGE_PAGES.notFound };
  const [plant, c] = await Promise.all([setting(), repo.publicCylinder(db, code)]);
  // 配送到户 (瓶装液化气实名制): the day and the user masked, never the address.
  const delivery = c && plant.enabled ? await lastHouseholdDelivery(db, c.id) : null;
  return pageOf(plant, c, delivery);
}

function pageOf(setting: PageSetting, c: Awaited<ReturnType<typeof repo.publicCylinder>>, delivery: { day: string; user: string } | null): PageAnswer {
  if (!setting.enabled) return { status: 404, html: MESSAGE_PAGES.off };
  if (!c) return { status: 404, html: MESSAGE_PAGES.notFound };
  const life = designLife(c, { designLifeYears: c.gasLifeYears, extendedLifeYears: c.gasExtendedLifeYears });
  const warnings: string[] = [];
  if (c.status === STATUS.scrap) warnings.push('该气瓶已报废，禁止充装和使用');
  else {
    if (c.nextInspectionDate && c.nextInspectionDate < c.today) warnings.push(`已超过检验有效期（${c.nextInspectionDate}），请勿使用，请联系充装单位`);
    if (life && life.end < c.today) warnings.push(`已超过设计使用年限（${life.end}），请勿使用，请联系充装单位`);
  }
  return {
    status: 200,
    html: cylinderPage({
      code: c.code, gasName: c.gasName, specification: c.specification, companyName: setting.companyName, licenceNo: setting.licenceNo,
      lastFillDate: c.lastFillDate, nextInspectionDate: c.nextInspectionDate, designLifeUntil: life?.end ?? null,
      statusName: statusName(c.status), warnings, today: c.today, householdDelivery: delivery,
    }),
  };
}
