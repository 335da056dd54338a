import { useCallback } from 'react';
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { EndpointBuilder, ResultDescription } from '@reduxjs/toolkit/query/react';
import { fillPath, type Endpoint, type EndpointArg, type EndpointData } from '@shared/api/endpoint';
import { http } from '@renderer/http/client';
import { api, httpBaseQuery, type HttpArgs, type QueryError, type TagType } from './api';
import { useAppDispatch } from './hooks';
import type { RootState } from './index';

type Build = EndpointBuilder<typeof httpBaseQuery, TagType, 'api'>;

/** The client's request for an endpoint and its argument: path parameters filled, the rest as query or body. */
export function httpArgs(e: Endpoint, arg: unknown): HttpArgs {
  const fields = arg && typeof arg === 'object' ? (arg as Record<string, unknown>) : {};
  const { path, rest } = fillPath(e.path.replace(/^\/api/, ''), fields);
  const queryKeys = Object.keys(e.query?.properties ?? {});
  const query = Object.fromEntries(Object.entries(rest).filter(([k]) => queryKeys.includes(k)));
  const body = Object.fromEntries(Object.entries(rest).filter(([k]) => !queryKeys.includes(k)));
  if (e.kind === 'upload') {
    const form = new FormData();
    const file = fields.file as Blob & { name?: string };
    form.append('file', file, file.name ?? 'file');
    return { url: path, method: 'post', params: query, data: form };
  }
  if (e.method === 'GET') return { url: path, method: 'get', params: rest };
  return { url: path, method: 'post', ...(Object.keys(query).length ? { params: query } : {}), ...(e.body ? { data: body } : {}) };
}

interface Options<E extends Endpoint> {
  /** The caller shows errors itself (no toast), e.g. an import's row report. */
  silent?: boolean;
  /** Sign-in: no access token. */
  skipAuth?: boolean;
  tags?: ResultDescription<TagType, EndpointData<E>, EndpointArg<E>, QueryError, unknown>;
  /** Seconds an unused result stays cached (default 60). */
  keepUnusedDataFor?: number;
  /**
   * A scan: its `tags` are invalidated only once the frame after its answer has been drawn, so the lists and
   * counts it makes stale re-fetch and re-render after the verdict is on screen, not before it; a burst of scans
   * refreshes them once (see SCAN_REFRESH).
   */
  afterPaint?: boolean;
}

/** What a mutation's `initiate` dispatches to: the call, which unwraps to its answer and can be forgotten. */
interface MutationCall<R> extends PromiseLike<unknown> {
  unwrap(): Promise<R>;
  reset(): void;
}

/**
 * A station's scan call: a mutation sent without its hook's state, so nothing on screen renders again when the call
 * starts or ends (the station shows the verdict itself). A generated `useXMutation` hook keeps each call in its own
 * state: the station re-rendered as a whole between the scanner's Enter and the request being sent, and again when
 * the next call dropped the last one. Each call's entry in the store is dropped after the frame that follows its
 * answer, as the hook drops the previous one. Returns a stable function: `call(arg).unwrap()` answers as the hook's.
 */
export function useScanCall<A, R>(endpoint: { initiate: (arg: A) => ThunkAction<MutationCall<R>, RootState, unknown, UnknownAction> }): (arg: A) => MutationCall<R> {
  const dispatch = useAppDispatch();
  return useCallback((arg: A) => {
    scanCalls.inFlight += 1;
    const call = dispatch(endpoint.initiate(arg));
    void Promise.resolve(call).then(() => {
      scanCalls.inFlight -= 1;
      afterNextPaint(() => {
        call.reset();
        // A refresh that fell due while the scan was in flight goes now, its verdict on screen.
        if (scanCalls.refreshDue) flushRefresh();
      });
    });
    return call;
  }, [dispatch, endpoint]);
}

/** Runs `fn` after the next frame has been drawn (at once where there are no frames, e.g. jsdom). */
export function afterNextPaint(fn: () => void): void {
  if (typeof requestAnimationFrame !== 'function') return void setTimeout(fn, 0);
  requestAnimationFrame(() => setTimeout(fn, 0));
}

/**
 * How the lists and counts a scan makes stale are refreshed: once the scanner pauses `quietMs`, at the latest
 * `maxMs` after the first scan of a burst. A station scanning a rack re-fetches its records once a pause (or every
 * two seconds), not after every cylinder, so those queries never queue before the next scan's call.
 */
export const SCAN_REFRESH = { quietMs: 250, maxMs: 2_000 };
const stale = {
  tags: new Set<TagType>(), since: 0, timer: null as ReturnType<typeof setTimeout> | null,
  dispatch: null as ((action: unknown) => unknown) | null,
};
/**
 * Scan calls in flight (useScanCall). The refresh never starts while one is: RTK Query holds an invalidation back until
 * every call in flight has settled, so it would run inside the handling of the scan's answer, before its verdict is
 * drawn, and the lists' answers would arrive while the next scan waits for its own. Due meanwhile, it goes after the
 * frame that shows the scan's verdict.
 */
const scanCalls = { inFlight: 0, refreshDue: false };

function flushRefresh(): void {
  if (scanCalls.inFlight > 0) {
    scanCalls.refreshDue = true;
    return;
  }
  scanCalls.refreshDue = false;
  const due = [...stale.tags];
  stale.tags.clear();
  stale.since = 0;
  if (stale.timer) clearTimeout(stale.timer);
  stale.timer = null;
  if (due.length && stale.dispatch) stale.dispatch(api.util.invalidateTags(due));
}

/** Tests: no scan call counted in flight and no refresh pending (a test's stores and calls end with it). */
export function resetScanRefreshForTests(): void {
  if (stale.timer) clearTimeout(stale.timer);
  stale.tags.clear();
  stale.since = 0;
  stale.timer = null;
  stale.dispatch = null;
  scanCalls.inFlight = 0;
  scanCalls.refreshDue = false;
}

function refreshAfterScan(dispatch: (action: unknown) => unknown, tags: readonly TagType[]): void {
  for (const tag of tags) stale.tags.add(tag);
  stale.dispatch = dispatch;
  const now = Date.now();
  if (!stale.since) stale.since = now;
  if (stale.timer) clearTimeout(stale.timer);
  stale.timer = setTimeout(() => {
    stale.timer = null;
    flushRefresh();
  }, Math.max(0, Math.min(SCAN_REFRESH.quietMs, stale.since + SCAN_REFRESH.maxMs - now)));
}

const extra = <E extends Endpoint>(o: Options<E>) => ({ ...(o.silent ? { silent: true } : {}), ...(o.skipAuth ? { skipAuth: true } : {}) });

/** An RTK Query query generated from an endpoint: its argument and result types come from the schemas. */
export function queryOf<E extends Endpoint>(b: Build, e: E, o: Options<E> = {}) {
  return b.query<EndpointData<E>, EndpointArg<E>>({
    query: (arg) => ({ ...httpArgs(e, arg), ...extra(o) }),
    ...(o.tags ? { providesTags: o.tags } : {}),
    ...(o.keepUnusedDataFor !== undefined ? { keepUnusedDataFor: o.keepUnusedDataFor } : {}),
  });
}

/**
 * An RTK Query mutation generated from an endpoint; `tags` are what it invalidates. A mutation is a
 * person's action: a permission refused mid-shift is shown where they act (see the client's `action`).
 */
export function mutationOf<E extends Endpoint>(b: Build, e: E, o: Options<E> = {}) {
  const deferred = o.afterPaint && Array.isArray(o.tags) ? (o.tags as readonly TagType[]) : null;
  return b.mutation<EndpointData<E>, EndpointArg<E>>({
    query: (arg) => ({ ...httpArgs(e, arg), ...extra(o), action: true }),
    ...(o.tags && !deferred ? { invalidatesTags: o.tags } : {}),
    ...(deferred ? {
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        // Refused or lost, the scan may still have changed something (a lost answer): refresh either way.
        await queryFulfilled.catch(() => undefined);
        afterNextPaint(() => refreshAfterScan(dispatch, deferred));
      },
    } : {}),
  });
}

/**
 * Calls an endpoint outside React (session flows): the same request a generated hook would send, through
 * the one HTTP client (envelope, token refresh, de-duplication). `silent`: no toast on refusal.
 */
/**
 * Calls an endpoint outside React. `silent` leaves refusals to the caller (no toast); `token` sends that access
 * token instead of the stored sign-in's (a sign-in not stored yet: the forced password change); `action` keeps a
 * 403 from leaving the screen for /403 (work in the background, e.g. the stations' sync, is nobody's screen).
 */
export function callEndpoint<E extends Endpoint>(
  e: E, arg: EndpointArg<E>, opts: { silent?: boolean; token?: string; action?: boolean } = {},
): Promise<EndpointData<E>> {
  const { token, ...rest } = opts;
  return http.request<EndpointData<E>>({
    ...httpArgs(e, arg), ...rest, ...(token ? { skipAuth: true, headers: { Authorization: `Bearer ${token}` } } : {}),
  });
}

/**
 * Calls a download endpoint (export, template). The answer is a file the client saves under the name the
 * server gives; a refusal arrives as an envelope and is shown like any other. Not cached: a file is not state.
 */
export function downloadEndpoint<E extends Endpoint>(e: E, arg: EndpointArg<E>): Promise<Blob> {
  return http.request<Blob>({ ...httpArgs(e, arg), responseType: 'blob', action: true });
}

/**
 * Sends again a call kept as its path and body (made with httpArgs from an endpoint when it was first
 * tried), with extra headers: a station's scan replayed after the server was away (X-Replayed, X-Station-At).
 * Silent, and an action (a refused permission is told where the scan is listed, not by leaving the screen).
 */
export function resendCall<T = unknown>(call: { url: string; data: unknown; headers?: Record<string, string> }): Promise<T> {
  return http.request<T>({ url: call.url, method: 'post', data: call.data, headers: call.headers, silent: true, action: true });
}

/**
 * Calls an endpoint answering a file that is shown before anyone saves it (a printed document in the preview
 * drawer): the blob is handed back, named (a File) when the server names it, and never saved by the client. `silent`:
 * the caller tells a refusal itself (an image that may not exist).
 */
export function fetchFileEndpoint<E extends Endpoint>(e: E, arg: EndpointArg<E>, opts: { silent?: boolean } = {}): Promise<Blob> {
  return http.request<Blob>({ ...httpArgs(e, arg), responseType: 'blob', noSave: true, action: true, ...(opts.silent ? { silent: true } : {}) });
}
