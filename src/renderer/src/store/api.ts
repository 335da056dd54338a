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

/** The one API slice; features inject their endpoints. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: httpBaseQuery,
  tagTypes: ['User'],
  endpoints: () => ({}),
});
