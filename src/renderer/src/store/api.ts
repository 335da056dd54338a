import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import axios, { type AxiosRequestConfig } from 'axios';
import { http } from '@renderer/http/client';
import { ApiError } from '@renderer/http/errors';

export interface HttpArgs {
  url: string;
  method?: 'get' | 'post';
  params?: object;
  data?: unknown;
  silent?: boolean;
  /** A mutation: see the `action` option of the HTTP client. */
  action?: boolean;
  skipAuth?: boolean;
  responseType?: AxiosRequestConfig['responseType'];
}

/** What a failed query carries: the envelope or HTTP code and a message. */
export interface QueryError {
  code: number | string;
  message: string;
}

export function toQueryError(e: unknown): QueryError {
  if (e instanceof ApiError) return { code: e.code, message: e.message };
  if (axios.isCancel(e)) return { code: 'CANCELLED', message: 'cancelled' };
  if (axios.isAxiosError(e)) {
    const body = e.response?.data as { msg?: string; message?: string } | undefined;
    return { code: e.response?.status ?? e.code ?? 'NETWORK', message: body?.msg ?? body?.message ?? e.message };
  }
  return { code: 'UNKNOWN', message: e instanceof Error ? e.message : String(e) };
}

/** RTK Query over the one axios client, so every rule of the client applies to queries too. */
export const httpBaseQuery: BaseQueryFn<HttpArgs, unknown, QueryError> = async (args) => {
  try {
    return { data: await http.request({ ...args, method: args.method ?? 'get' }) };
  } catch (e) {
    return { error: toQueryError(e) };
  }
};

/**
 * Cache tags: a query provides the tags of what it reads, a mutation invalidates what it changes, so every
 * screen showing that data refetches (a scrap updates the list and the status tabs of any open screen).
 * Each feature names the tags it provides in its manifest.ts and adds them to this interface (module
 * augmentation), so a mistyped tag fails typecheck; the feature list registers them at run time.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the features' augmentations
export interface CacheTags {}
export type TagType = keyof CacheTags & string;
/** Tag names as members of CacheTags: `interface CacheTags extends TagsOf<typeof TAGS> {}`. */
export type TagsOf<T extends readonly string[]> = Record<T[number], true>;

/** The one API slice; features inject their endpoints (see store/endpoints.ts). */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: httpBaseQuery,
  tagTypes: [] as TagType[],
  // A screen opened again shows what it had and refreshes it when older than this many seconds.
  refetchOnMountOrArgChange: 30,
  endpoints: () => ({}),
});

/** Declares the features' tags to RTK Query (which checks, in development, that every tag used is declared). */
export function registerTagTypes(tags: readonly TagType[]): void {
  api.enhanceEndpoints({ addTagTypes: tags });
}
