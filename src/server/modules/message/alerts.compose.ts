import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import * as alerts from './alerts.repository';
import type { NewMessage } from './message.repository';
import { renderTemplate } from './render';

/**
 * Up to this many subjects newly raised for one cause in one run, each recipient gets one message per
 * subject, naming it and linking to it; above it, one digest per recipient ({count}) linking to the
 * filtered list. A plant of a million cylinders may find tens of thousands newly due on its first run:
 * nobody reads ten thousand messages, and the list shows them all.
 */
export const DIGEST_ABOVE = 20;

type Values = Record<string, string | number | null>;
interface Item { key: string; values: Values; link: string }
interface Template { code: string; title: string; content: string; digest: string }

const cylinderLink = (code: string) => `/product/product?code=${encodeURIComponent(code)}`;

function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The filtered list a digest links to. */
function digestLink(cause: alerts.AlertCause, c: alerts.AlertClock): string {
  switch (cause) {
    case 'inspectionDue': return `/product/product?inspectionDueBefore=${addDays(c.today, c.inspectionDueDays)}`;
    case 'inspectionOverdue': return `/product/product?inspectionDueBefore=${addDays(c.today, -1)}`;
    case 'analysisWaiting': return '/product/product?status=1';
    case 'longOut': return '/storage/query';
    case 'outboundUnscanned': return '/storage/outbound';
    case 'licenceExpiring': return '/Setting/enterpriseInfo';
    default: return '/product/product';
  }
}

/** The days a digest names: the rule's window of the cause. */
function ruleDays(cause: alerts.AlertCause, c: alerts.AlertClock): number | null {
  if (cause === 'inspectionDue') return c.inspectionDueDays;
  if (cause === 'designLifeEnding') return c.designLifeEndingDays;
  if (cause === 'longOut') return c.longOutDays;
  if (cause === 'licenceExpiring') return c.licenceExpiringDays;
  return null;
}

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

async function items(trx: Transaction<DB>, cause: alerts.AlertCause, keys: string[], c: alerts.AlertClock): Promise<Item[]> {
  if (cause === 'outboundUnscanned') {
    return (await alerts.orderFacts(trx, keys)).map((o) => ({
      key: o.key, values: { orderNo: o.orderNo, customer: o.customer, since: o.since }, link: `/storage/outbound?orderNo=${encodeURIComponent(o.orderNo)}`,
    }));
  }
  if (cause === 'licenceExpiring') {
    const licence = await alerts.licenceNo(trx);
    return keys.map((date) => ({ key: date, values: { licenceNo: licence, date, days: daysBetween(c.today, date) }, link: '/Setting/enterpriseInfo' }));
  }
  const days = ruleDays(cause, c);
  return (await alerts.cylinderFacts(trx, keys)).map((f) => {
    const date = cause === 'designLifeEnding' ? f.lifeEnd : f.nextInspection;
    const since = cause === 'analysisWaiting' ? f.lastEventAt : f.since;
    return { key: f.key, values: { code: f.code, gas: f.gas, customer: f.customer, date, days, since }, link: cylinderLink(f.code) };
  });
}

/** The messages of one cause's newly raised subjects, for each recipient (see DIGEST_ABOVE). */
export async function composeMessages(
  trx: Transaction<DB>, cause: alerts.AlertCause, keys: string[], t: Template, users: number[], c: alerts.AlertClock,
): Promise<NewMessage[]> {
  const digestValues: Values = { count: keys.length, days: ruleDays(cause, c) };
  const title = renderTemplate(t.title, digestValues);
  if (keys.length > DIGEST_ABOVE) {
    const content = renderTemplate(t.digest, digestValues);
    const link = digestLink(cause, c);
    return users.map((userId) => ({ userId, kind: cause, title, content, link, subjectKey: null }));
  }
  const list = await items(trx, cause, keys, c);
  return list.flatMap((item) => users.map((userId) => ({
    userId, kind: cause, title, content: renderTemplate(t.content, item.values), link: item.link, subjectKey: `${cause}:${item.key}`,
  })));
}
