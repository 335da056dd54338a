import axios, { CanceledError, type AxiosAdapter, type AxiosInstance, type AxiosRequestConfig, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import type { ApiResult } from '@shared/api/envelope';
import type { TokenData } from '@shared/api/auth';
import { DOCUMENT_MESSAGE_HEADER } from '@shared/api/report';
import { APP_HEADERS, APP_INFO } from '@shared/app';
import { WORKSTATION_HEADER } from '@shared/lifecycle';
import { acceptLanguageOf } from '@shared/lang';
import { storedLanguage } from '@renderer/i18n/i18n';
import { readWorkstation } from '@renderer/session/workstation';
import { clearStorage, getTokens, getUser } from '@renderer/session/session';
import { notify } from '@renderer/notify/toast';
import { apiBaseUrl, serverOrigin } from './baseUrl';
import { isDedupeExempt, PendingRequests, requestKey } from './dedupe';
import { filenameFromDisposition, saveBlob } from './download';
import { ApiError, DUPLICATE_REQUEST, isDuplicateCancel, isEnvelope, reportHttpError, SessionExpiredError } from './errors';
import { navigateTo } from './navigator';
import { createTokenRefresher, type TokenRefresher } from './refresh';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** The caller shows errors itself: no toast for this request. */
    silent?: boolean;
    /**
     * A person's action (a save, a scan, an export), not the loading of a screen: a 403 rejects with the
     * server's message (shown by the caller, or as a toast) and never leaves the screen for /403.
     */
    action?: boolean;
    /** Send no access token (sign-in). */
    skipAuth?: boolean;
    /** A file answer is handed to the caller only, never saved (a document shown in a preview first). */
    noSave?: boolean;
    /** Set on the one retry after a refresh. */
    _retried?: boolean;
    /** The in-flight key this request owns. */
    _dedupeKey?: string;
    /** The access token this request was sent with. */
    _token?: string;
  }
}

export const REQUEST_TIMEOUT_MS = 200_000;

function decodeHeader(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
export const ROOT_TIMEOUT_MS = 50_000;

export interface RootInfo {
  title: string;
  description: string;
  version: string;
  team: string;
}

export interface HttpClient {
  instance: AxiosInstance;
  refresher: TokenRefresher;
  request<T>(config: AxiosRequestConfig): Promise<T>;
  get<T>(url: string, params?: object, config?: AxiosRequestConfig): Promise<T>;
  post<T>(url: string, data?: unknown, config?: AxiosRequestConfig): Promise<T>;
  /** GET / of the site: product identity from the response headers. */
  rootInfo(): Promise<RootInfo>;
  /** Swap the transport (tests answer requests with a fake adapter). */
  setAdapter(adapter: AxiosAdapter | undefined): void;
}

/** The session cannot be kept: clear everything and sign in again. */
function expireSession(): void {
  clearStorage();
  navigateTo('/login');
}

export function createHttpClient(options: { adapter?: AxiosAdapter } = {}): HttpClient {
  let { adapter } = options;
  // No XSRF cookie: the API authenticates with the bearer token, never a cookie. Axios would otherwise read the
  // XSRF-TOKEN cookie before each same-origin request, in Chromium through the asynchronous cookieStore (a round
  // trip to the browser process): every request, a station's scan included, then waits for a task of its own,
  // queued behind the frame and whatever else the page has to do, before it is sent (10–20 ms measured per scan).
  const instance = axios.create({ timeout: REQUEST_TIMEOUT_MS, adapter, withXSRFToken: false });
  const pending = new PendingRequests();

  const refresher = createTokenRefresher(async (refreshToken) => {
    const res = await axios.request<ApiResult<TokenData>>({
      adapter,
      withXSRFToken: false,
      baseURL: await apiBaseUrl(),
      url: '/user/refreshToken',
      method: 'get',
      headers: { Authorization: `Bearer ${refreshToken}` },
      timeout: REQUEST_TIMEOUT_MS,
    });
    if (!isEnvelope(res.data) || res.data.code !== 0) throw new ApiError(res.data?.code ?? -1, res.data?.msg ?? 'refresh refused');
    return res.data.data;
  }, expireSession);

  instance.interceptors.request.use(async (config: InternalAxiosRequestConfig) => {
    if (!isDedupeExempt(config)) {
      const key = requestKey(config);
      // Cancel the NEW duplicate: the first continues, so a scan is never sent twice.
      if (!pending.claim(key)) throw new CanceledError(DUPLICATE_REQUEST, undefined, config);
      config._dedupeKey = key;
    }
    try {
      config.baseURL ??= await apiBaseUrl();
      const user = getUser();
      if (user) config.params = { ...(config.params ?? {}), authId: user.id, authName: user.name };
      // The workstation names itself (设备设置), so the trace records where each step was done; URI-encoded
      // because header values are ASCII and the names are Chinese.
      const workstation = readWorkstation();
      if (workstation) config.headers.set(WORKSTATION_HEADER, encodeURIComponent(workstation));
      // The texts the server makes (enumeration names, the log's modules and operations, …) follow the UI's language.
      config.headers.set('Accept-Language', acceptLanguageOf(storedLanguage()));
      if (!config.skipAuth) {
        const token = await refresher.validToken();
        if (token) {
          config.headers.set('Authorization', `Bearer ${token}`);
          config._token = token;
        }
      }
      return config;
    } catch (e) {
      pending.release(config._dedupeKey);
      throw e;
    }
  });

  /** Envelope code 401: refresh once and retry once, or end the session. */
  async function sessionGone(config: InternalAxiosRequestConfig | undefined): Promise<unknown> {
    if (config && !config._retried && refresher.canRefresh()) {
      // Another request may have refreshed already: then only retry with the new token.
      if (!config._token || getTokens()?.token === config._token) await refresher.refresh();
      return instance.request({ ...config, _retried: true, _dedupeKey: undefined });
    }
    expireSession();
    throw new SessionExpiredError();
  }

  async function handleBody(response: AxiosResponse): Promise<unknown> {
    const { config } = response;
    let body: unknown = response.data;
    if (body instanceof Blob) {
      // A failed download answers an envelope in place of the file.
      if (!body.type.includes('json')) {
        const name = filenameFromDisposition(response.headers['content-disposition'] as string | undefined);
        if (config.noSave) {
          const file = name ? new File([body], name, { type: body.type }) : body;
          // A document made without its PDF says why (the .docx is answered instead).
          const why = response.headers[DOCUMENT_MESSAGE_HEADER] as string | undefined;
          return why ? Object.assign(file, { message: decodeHeader(why) }) : file;
        }
        if (name) saveBlob(body, name);
        return body;
      }
      body = JSON.parse(await body.text());
    }
    if (!isEnvelope(body)) return body;
    if (body.code === 0) return body.data;
    if (body.code === 401) return sessionGone(config);
    if (!config.silent) notify(body.code === -1 ? body.msg : `${body.code}|${body.msg}`);
    throw new ApiError(body.code, body.msg, body.data);
  }

  instance.interceptors.response.use(
    async (response) => {
      pending.release(response.config._dedupeKey);
      return (await handleBody(response)) as AxiosResponse;
    },
    async (error: unknown) => {
      if (!axios.isAxiosError(error) && !axios.isCancel(error)) throw error;
      const config = (error as { config?: InternalAxiosRequestConfig }).config;
      pending.release(config?._dedupeKey);
      if (isDuplicateCancel(error) || axios.isCancel(error) || !axios.isAxiosError(error)) throw error;
      const res = error.response;
      if (res?.status === 401 && isEnvelope(res.data) && res.data.code === 401) return sessionGone(config);
      reportHttpError(error, config?.silent);
      throw error;
    },
  );

  const request = <T>(config: AxiosRequestConfig): Promise<T> => instance.request(config) as unknown as Promise<T>;

  return {
    instance,
    refresher,
    request,
    get: (url, params, config) => request({ ...config, method: 'get', url, params }),
    post: (url, data, config) => request({ ...config, method: 'post', url, data }),
    setAdapter(next) {
      adapter = next;
      instance.defaults.adapter = next;
    },
    async rootInfo() {
      const res = await axios.request({ adapter, url: `${await serverOrigin()}/`, method: 'get', timeout: ROOT_TIMEOUT_MS });
      const read = (name: string, fallback: string): string => {
        const raw = res.headers[name] as string | undefined;
        if (!raw) return fallback;
        try {
          return decodeURIComponent(raw);
        } catch {
          return raw;
        }
      };
      return {
        title: read(APP_HEADERS.title, APP_INFO.title),
        description: read(APP_HEADERS.description, APP_INFO.description),
        version: read(APP_HEADERS.version, ''),
        team: read(APP_HEADERS.team, APP_INFO.team),
      };
    },
  };
}

/** The application's client. */
export const http = createHttpClient();
