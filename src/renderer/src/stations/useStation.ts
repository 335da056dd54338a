import { useCallback, useRef, useState, type RefObject } from 'react';
import dayjs from 'dayjs';
import type { ScanResult, StationAction } from '@shared/api/production';
import { beep } from '@renderer/components/ScanInput';
import { useScreenSetter, useScreenState } from '@renderer/hooks/useScreenState';
import { useT } from '@renderer/i18n/useT';
import { readWorkstation } from '@renderer/session/workstation';
import { getUser } from '@renderer/session/session';
import { useAppDispatch } from '@renderer/store/hooks';
import { statusLabel } from '@renderer/utils/productStatus';
import { connectivity } from './connectivity';
import { stationOffline, type OfflineRule, type OfflineScan } from './offline';
import { failureOf, newScanId } from './scan';
import { stationsApi } from './stationsApi';

export type { OfflineRule } from './offline';

/**
 * What a scan came to:
 * ok (green), repeated (amber: already done, nothing changed), failed (red: recorded, but the cylinder
 * went to analyze), refused (red: the server or the station said no), lost (red: no answer, 重试 offered),
 * queued (已暂存, amber with its own sound: the server is away, the local checks allowed the scan and it waits
 * on this PC to be sent again), granted (green: the gate allowed the cylinder and a step began that ends later — the
 * filling permission of the fill cycle; not counted, its end is), pending (amber: the station waits for the
 * operator's decision on this cylinder before anything is done), allowed (green: the gate's answer shown while the
 * station still works on the scan — the fill cycle opening the filling valve; only ever shown in the meantime, the
 * scan's verdict replaces it).
 */
export type VerdictKind = 'ok' | 'repeated' | 'failed' | 'refused' | 'lost' | 'queued' | 'granted' | 'pending' | 'allowed';

export interface Verdict {
  kind: VerdictKind;
  code: string;
  /** The large line: the server's verdict or refusal in its words. */
  title: string;
  /** Reasons of a refusal, failed test items. */
  lines?: string[];
  /** A smaller line: statuses, weights. */
  note?: string;
  /** Done, but with something to look at (a returned cylinder the system thought elsewhere): shown amber. */
  warning?: string;
}

export interface ScanEntry extends Verdict {
  id: number;
  /** Epoch ms. */
  at: number;
}

export interface Shift {
  /** The day the count belongs to (YYYY-MM-DD): a new day starts again from 0. */
  day: string;
  count: number;
  recent: ScanEntry[];
  verdict: Verdict | null;
}

/** How many scans a station lists. */
export const RECENT_SCANS = 10;
const today = () => dayjs().format('YYYY-MM-DD');
const EMPTY: Shift = { day: '', count: 0, recent: [], verdict: null };
const DONE: VerdictKind[] = ['ok', 'failed'];
/** Verdicts shown in red, with the refusal sound. */
export const RED: VerdictKind[] = ['failed', 'refused', 'lost'];

type T = ReturnType<typeof useT>;

const isVerdict = (v: OfflineScan | Verdict): v is Verdict => 'kind' in v;
/** No answer at all (network, timeout): the server cannot be reached. A 5xx answered, and stays 'lost'. */
const unreachable = (e: unknown): boolean => typeof (e as { code?: unknown } | null)?.code !== 'number';

/** Shows a verdict before the scan's own: the answer so far, while the station still works on the scan. */
export type Interim = (verdict: Verdict) => void;

/** A status change's answer as the station shows it. */
export function resultVerdict(t: T, r: ScanResult, extra?: string): Verdict {
  const moved = r.fromStatus === r.toStatus ? statusLabel(t, r.toStatus) : `${statusLabel(t, r.fromStatus)} → ${statusLabel(t, r.toStatus)}`;
  const weights = [
    typeof r.net === 'number' ? t('production.netIs', { net: r.net }) : null,
    typeof r.deviation === 'number' ? t('production.deviationIs', { deviation: signed(r.deviation) }) : null,
  ].filter(Boolean);
  return {
    kind: r.repeated ? 'repeated' : r.toStatus === 1 && r.fromStatus !== 1 ? 'failed' : 'ok',
    code: r.code,
    title: r.message,
    lines: r.failedItems?.length ? r.failedItems : undefined,
    note: [`${r.code} · ${moved}`, ...weights, extra].filter(Boolean).join('，'),
  };
}

export const signed = (n: number): string => (n > 0 ? `+${n}` : String(n));

export interface Station {
  /** The station's name (its memory on the screen: useShift) and action (its count of today: useTodayCount). */
  name: string;
  action: StationAction;
  /** The scan that got no answer, which 重试 sends again with the same scanId. */
  pending: { code: string } | null;
  /**
   * Runs one scan: `attempt` gets the scanId (the same one when the last scan of this code got no answer)
   * and returns the verdict or throws the failed call's error. Resolves with the verdict it showed. `interim`
   * shows an answer so far in the verdict box (not listed, not counted, no sound) until the verdict replaces it.
   * `offline` is the station's offline rule: when the server cannot be reached, it checks the scan against
   * the local copy and answers a refusal, the call to keep (已暂存), or null when the copy cannot tell (the
   * scan is then 'lost' with 重试, as without a rule).
   */
  run: (code: string, attempt: (scanId: string, interim: Interim) => Promise<Verdict>, offline?: OfflineRule) => Promise<Verdict>;
  retry: () => void;
  /** Shows a verdict the station reached without a scan being counted (a local refusal). */
  show: (verdict: Verdict) => void;
  /** The element around the ScanInput, so the station can give it the focus back. */
  scanBox: RefObject<HTMLDivElement | null>;
  focusScan: () => void;
}

/**
 * The station's memory of today (the last verdict, the count, the last scans). Read where it is shown (StationPanel):
 * the station's own component is not rendered again with each verdict, so its set-up fields are not either.
 */
export function useShift(station: Pick<Station, 'name'>): Shift {
  const [stored] = useScreenState<Shift>(`station.${station.name}`, EMPTY);
  return ofToday(stored);
}

/** The kept shift if it is today's, else a new day's from 0. */
const ofToday = (shift: Shift): Shift => (shift.day === today() ? shift : { ...EMPTY, day: today() });

/**
 * 今日完成: what this workstation (or user) brought through the station's action today, as the server counts it
 * (the trace of today: a reload, a second tab or another PC of the same workstation agree); null until known.
 */
export function useTodayCount(station: Pick<Station, 'action'>): number | null {
  const { data: counted } = stationsApi.useTodayCountQuery({ action: station.action });
  return counted?.count ?? null;
}

/**
 * A scanning station's memory: the last verdict, today's count of scans that did their work, the last
 * scans, and the one that got no answer. Kept per screen and station so a switch of tabs keeps them.
 */
export function useStation(name: string, action: StationAction): Station {
  const t = useT();
  const dispatch = useAppDispatch();
  const setShift = useScreenSetter<Shift>(`station.${name}`, EMPTY);
  // The scan that got no answer: its code and scanId kept with the screen (a re-scan of the code after a
  // switch of tabs still reuses the id), the call to repeat for 重试 while the station stays open.
  const [pending, setPending] = useScreenState<{ code: string; scanId: string } | null>(`station.${name}.pending`, null);
  const pendingRef = useRef(pending);
  pendingRef.current = pending;
  const attemptRef = useRef<{ attempt: (scanId: string, interim: Interim) => Promise<Verdict>; offline?: OfflineRule } | null>(null);
  const [retryable, setRetryable] = useState(false);
  const scanBox = useRef<HTMLDivElement | null>(null);

  const focusScan = useCallback(() => {
    setTimeout(() => scanBox.current?.querySelector('input')?.focus(), 0);
  }, []);

  const record = useCallback((verdict: Verdict, counted: boolean) => {
    setShift((prev) => {
      const base = ofToday(prev);
      // Numbered on from the newest kept, so a station opened again never repeats an id.
      const entry: ScanEntry = { ...verdict, id: (prev.recent[0]?.id ?? 0) + 1, at: Date.now() };
      return {
        day: base.day,
        count: base.count + (counted && DONE.includes(verdict.kind) ? 1 : 0),
        recent: [entry, ...base.recent].slice(0, RECENT_SCANS),
        verdict,
      };
    });
    beep(RED.includes(verdict.kind) ? 'refused' : verdict.kind === 'queued' || verdict.kind === 'pending' ? 'queued' : 'ok');
  }, [setShift]);

  const interim = useCallback<Interim>((verdict) => {
    setShift((prev) => ({ ...ofToday(prev), verdict }));
  }, [setShift]);

  /** The scan checked against the local copy and kept, or refused; undefined when the copy cannot tell. */
  const offlineVerdict = useCallback(async (code: string, scanId: string, rule: OfflineRule, behind = false): Promise<Verdict | undefined> => {
    try {
      const local = await rule(scanId);
      if (!local) return undefined;
      if (isVerdict(local)) return local;
      const at = new Date().toISOString();
      await stationOffline().keep({
        station: local.station, scanId, code, url: local.url, body: local.body, at,
        operator: local.operator ?? '', userName: getUser()?.name ?? '', workstation: readWorkstation(),
        ...(local.note ? { note: local.note } : {}),
        ...(local.orderId !== undefined ? { orderId: local.orderId, lineKey: local.lineKey } : {}),
      });
      return { kind: 'queued', code, title: t('offline.queuedTitle', { code }), note: [local.note, t(behind ? 'offline.behindNote' : 'offline.queuedNote')].filter(Boolean).join('，') };
    } catch {
      // No local database (a browser that refuses IndexedDB): as without an offline rule.
      return undefined;
    }
  }, [t]);

  const runScan = useCallback(async (code: string, attempt: (scanId: string, interim: Interim) => Promise<Verdict>, offline?: OfflineRule): Promise<Verdict> => {
    const last = pendingRef.current;
    const scanId = last && last.code === code ? last.scanId : newScanId();
    let verdict: Verdict | undefined;
    // Known to be away: the local copy answers at once (no wait for a network that is not there). Back online,
    // a cylinder with a scan still waiting on this PC goes behind it, so the server gets its scans in order.
    if (offline) {
      const away = !connectivity.get().online;
      if (away || await stationOffline().waiting(code).catch(() => false)) verdict = await offlineVerdict(code, scanId, offline, !away);
    }
    if (!verdict) {
      try {
        verdict = await attempt(scanId, interim);
        connectivity.answered();
      } catch (e) {
        const failure = failureOf(e);
        if (failure.kind === 'refused') connectivity.answered();
        else if (unreachable(e)) connectivity.lost();
        if (failure.kind !== 'refused' && unreachable(e) && offline) verdict = await offlineVerdict(code, scanId, offline);
        verdict ??= failure.kind === 'refused'
          ? { kind: 'refused', code, title: failure.message || t('production.refused') }
          : { kind: 'lost', code, title: t('production.lost', { code }), note: failure.message ?? t('production.lostNote') };
      }
    }
    const next = verdict.kind === 'lost' ? { code, scanId } : null;
    pendingRef.current = next;
    attemptRef.current = next ? { attempt, offline } : null;
    setPending(next);
    setRetryable(!!next);
    record(verdict, true);
    // The count moves with the verdict, in the same frame; the server's count re-fetched after the paint confirms it.
    if (DONE.includes(verdict.kind)) {
      dispatch(stationsApi.util.updateQueryData('todayCount', { action }, (d) => { d.count += 1; }));
    }
    return verdict;
  }, [record, interim, setPending, t, dispatch, action, offlineVerdict]);

  const run = useCallback(async (code: string, attempt: (scanId: string, interim: Interim) => Promise<Verdict>, offline?: OfflineRule): Promise<Verdict> => {
    // The local copy's background pages wait while a scan is in flight (see PACE in offline/sync).
    stationOffline().scanning(true);
    try {
      return await runScan(code, attempt, offline);
    } finally {
      stationOffline().scanning(false);
    }
  }, [runScan]);

  const retry = useCallback(() => {
    const last = pendingRef.current;
    const again = attemptRef.current;
    if (last && again) void run(last.code, again.attempt, again.offline).finally(focusScan);
  }, [run, focusScan]);

  const show = useCallback((verdict: Verdict) => record(verdict, false), [record]);

  return {
    name, action, pending: pending && retryable ? { code: pending.code } : null, run, retry, show, scanBox, focusScan,
  };
}
