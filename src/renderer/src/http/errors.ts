import axios, { type AxiosError } from 'axios';
import type { ApiResult } from '@shared/api/envelope';
import { t } from '@renderer/i18n/i18n';
import { notify } from '@renderer/notify/toast';
import { navigateTo } from './navigator';

/** A rejected envelope (code other than 0) or a session that could not be kept. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The session is gone: the refresh token is missing, expired or refused. */
export class SessionExpiredError extends ApiError {
  constructor(readonly reason?: unknown) {
    super(401, 'session expired');
    this.name = 'SessionExpiredError';
  }
}

export const DUPLICATE_REQUEST = 'duplicate request cancelled';

/** The identical request already in flight continues; this one was dropped without a word. */
export const isDuplicateCancel = (e: unknown): boolean => axios.isCancel(e) && (e as Error).message === DUPLICATE_REQUEST;

export function isEnvelope(body: unknown): body is ApiResult {
  return typeof body === 'object' && body !== null && !(body instanceof Blob) && typeof (body as ApiResult).code === 'number';
}

const isTimeout = (error: AxiosError): boolean =>
  error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT' || /timeout/i.test(error.message);

/**
 * HTTP error statuses (SPEC section 8). 401 with an envelope is handled before, by the refresh logic.
 * 403 goes to /403, except for an action (`config.action`), refused with the server's message in place.
 */
export function reportHttpError(error: AxiosError, silent = false): void {
  const status = error.response?.status;
  if (status === 404) return;
  const body = error.response?.data as { message?: string; msg?: string; requestId?: string } | undefined;
  const text = typeof body === 'object' && body ? (body.message ?? body.msg) : undefined;
  // No answer at all: say what to check in our words, never the browser's "Network Error".
  const message = text ?? (status ? undefined : t(isTimeout(error) ? 'http.timeout' : 'http.offline'));
  if (message && status !== 403 && !silent) {
    const requestId = typeof body === 'object' && body?.requestId ? ` (${body.requestId})` : '';
    notify(`${t('http.requestError')}：${message}${requestId}`);
  }
  switch (status) {
    case 401:
      navigateTo('/401');
      break;
    case 403:
      // A refused action (a permission taken away mid-shift) is told where the person acts, who stays on
      // the screen; a screen that cannot load its data is the 403 page.
      if (error.config?.action) {
        if (!silent) notify(text ?? t('http.forbidden'));
      } else {
        navigateTo('/403');
      }
      break;
    case 500:
    case 502:
      if (!silent) notify(t('http.serviceError', { url: error.config?.url ?? '' }));
      break;
    default:
      console.error('HTTP error', status ?? error.code, error.config?.url, error.message);
  }
}
