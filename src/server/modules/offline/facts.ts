import type { Kysely } from 'kysely';
import { MAX_INSPECTION_PROJECTS } from '@shared/cylinder/inspection';
import { FACTS_DEFAULT_PAGE, FACTS_MAX_PAGE, type FactsPage, type FactsQuery, type FactsRow } from '@shared/api/offline';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../lib/errors';
import { inspectionItemsByGas, stationFacts } from '../cylinder';
import * as repo from './facts.repository';

/**
 * A trace event is "settled" (the feed's cursor may pass it) once no transaction that could still commit an
 * event with a smaller id is running: the id is drawn before commit, so a cursor that passed a later event
 * of a quicker transaction would miss the slower one for good. Events younger than this, or younger than the
 * oldest running transaction less this, are sent but not passed (sent again on the next pull; the station's
 * copy takes a row twice without harm).
 */
export const FEED = { settleSeconds: 60, markTtlMs: 1_000 };

/**
 * Every gas as the gate reads it, the design-life extension rule applied (as fill-gate.repository does); the gases
 * of `scope` (every gas when null) with their test projects as testScan answers them (inspectionItemsOf).
 */
async function gases(db: Kysely<DB>, scope: number[] | null): Promise<FactsPage['gases']> {
  const projects = await inspectionItemsByGas(db, scope, MAX_INSPECTION_PROJECTS);
  const rows = await repo.gasRows(db);
  return rows.map(({ extensionRule, ...g }) => ({
    ...g, flammable: g.flammable === true, extendedLifeYears: extensionRule ? g.extendedLifeYears : null,
    ...(!scope || scope.includes(g.id) ? { projects: projects.get(g.id) ?? [] } : {}),
  }));
}

/**
 * The settled-mark reading, shared by every pull of this process for FEED.markTtlMs: fifty stations polling
 * every five seconds cost one reading a second, not ten. A reading a second old is a valid mark still (what was
 * settled then stays settled), only lower.
 */
const markReadings = new WeakMap<Kysely<DB>, { at: number; settleSeconds: number; row: Promise<repo.MarkRow> }>();

function readMark(db: Kysely<DB>): Promise<repo.MarkRow> {
  const now = Date.now();
  const kept = markReadings.get(db);
  if (kept && kept.settleSeconds === FEED.settleSeconds && now - kept.at < FEED.markTtlMs) return kept.row;
  const row = repo.readSettledMark(db, FEED.settleSeconds);
  markReadings.set(db, { at: now, settleSeconds: FEED.settleSeconds, row });
  // A failed reading is not kept: the next pull asks again.
  row.catch(() => { if (markReadings.get(db)?.row === row) markReadings.delete(db); });
  return row;
}

/**
 * The newest trace id up to which every event is settled (see FEED): one less than the oldest unsettled
 * event among the newest few thousand, else the newest id; `after` (no move) when every one of them is
 * unsettled (there may be more below). Reads the top of the trace's primary key only.
 */
async function settledMark(db: Kysely<DB>, after: number, start = false): Promise<number> {
  const { top, young, allYoung, bottom } = await readMark(db);
  // A full copy starting in a burst marks below the window rather than at 0 (a change feed from the trace's start).
  if (allYoung) return start && bottom ? Math.max(Number(bottom) - 1, after) : after;
  const mark = young ? Number(young) - 1 : top ? Number(top) : 0;
  return Math.max(mark, after);
}

function parseCursor(cursor: string | null | undefined): { kind: 'full'; mark: number; lastId: number } | { kind: 'trace'; after: number } | null {
  if (!cursor) return null;
  const [kind, a, b] = cursor.split('.');
  if (kind === 'f') return { kind: 'full', mark: Number(a), lastId: Number(b) };
  if (kind === 't') return { kind: 'trace', after: Number(a) };
  throw new BusinessError('参数错误：同步位置无效');
}

/**
 * POST /api/offline/facts: the change feed of a station's copy. Without a cursor, the full copy of the
 * scope's cylinders in pages of `limit` by id (`reset` on the first), remembering the trace mark it started
 * from; then, from that mark on, only the cylinders trace events touched since (a scrap on another PC, a
 * fill, an inspection), with `removed` for those that left the scope. Keyset on cylinders (material_id, id)
 * and on the trace's primary key: a page costs the same at the millionth cylinder as at the first.
 */
export async function factsPage(db: Kysely<DB>, query: FactsQuery): Promise<FactsPage> {
  const limit = Math.min(query.limit ?? FACTS_DEFAULT_PAGE, FACTS_MAX_PAGE);
  const scope = query.materialIds?.length ? [...new Set(query.materialIds)] : null;
  const statuses = query.statuses?.length ? [...new Set(query.statuses)] : null;
  const inScope = (c: FactsRow) => (!scope || scope.includes(c.materialId)) && (!statuses || statuses.includes(c.status));
  const cursor = parseCursor(query.cursor);

  if (!cursor || cursor.kind === 'full') {
    // A full copy: the mark is read before the first page, so what changes while it pages is sent after.
    const mark = cursor ? cursor.mark : await settledMark(db, 0, true);
    const lastId = cursor ? cursor.lastId : 0;
    const cylinders = await stationFacts(db, { materialIds: scope, statuses, afterId: lastId, limit });
    const more = cylinders.length === limit;
    const next = more ? `f.${mark}.${cylinders[cylinders.length - 1]!.id}` : `t.${mark}`;
    return { cursor: next, reset: !cursor, more, cylinders, removed: [], gases: await gases(db, scope) };
  }

  // Events of the scope's gases after the cursor (the trace's primary key; the join filters by gas).
  const events = await repo.eventsAfter(db, cursor.after, scope, limit);
  const settled = await settledMark(db, cursor.after);
  // The cursor passes settled events only; the events are in id order, so the settled ones are a prefix. When
  // the page holds every event of the scope after the cursor, it may pass the other gases' settled ones too.
  const young = events.find((e) => Number(e.id) > settled);
  const full = events.length === limit;
  const nextAfter = young ? Number(young.id) - 1 : full ? Number(events[events.length - 1]!.id) : Math.max(settled, cursor.after);
  if (!events.length) return { cursor: `t.${nextAfter}`, reset: false, more: false, cylinders: [], removed: [], gases: await gases(db, scope) };
  const cylinders = await stationFacts(db, { ids: [...new Set(events.map((e) => e.cylinderId))] });
  // Out of the statuses the station acts on now: the station drops it.
  const removed = cylinders.filter((c) => !inScope(c)).map((c) => c.code);
  return {
    cursor: `t.${Math.max(nextAfter, cursor.after)}`, reset: false, more: full && nextAfter > cursor.after,
    cylinders: cylinders.filter(inScope), removed, gases: await gases(db, scope),
  };
}
