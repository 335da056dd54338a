import { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';

export interface FakeReply {
  status?: number;
  data?: unknown;
  headers?: Record<string, string>;
  /** Resolve only when this promise settles (to hold a request in flight). */
  wait?: Promise<unknown>;
}

export type FakeHandler = (config: InternalAxiosRequestConfig) => FakeReply | Promise<FakeReply>;

/**
 * An axios adapter standing in for the network: every request is recorded and answered by the handler,
 * with axios' own status rule (2xx resolves, anything else rejects with an AxiosError).
 */
export function fakeAdapter(handler: FakeHandler): AxiosAdapter & { calls: InternalAxiosRequestConfig[] } {
  const calls: InternalAxiosRequestConfig[] = [];
  const adapter = async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    calls.push(config);
    const reply = await handler(config);
    if (reply.wait) await reply.wait;
    const status = reply.status ?? 200;
    const response: AxiosResponse = {
      data: reply.data,
      status,
      statusText: String(status),
      headers: new AxiosHeaders(reply.headers ?? {}),
      config,
      request: {},
    };
    if (status >= 200 && status < 300) return response;
    throw new AxiosError(`Request failed with status code ${status}`, AxiosError.ERR_BAD_RESPONSE, config, {}, response);
  };
  return Object.assign(adapter, { calls });
}

/** The path of a recorded call without the /api base. */
export const pathOf = (config: InternalAxiosRequestConfig): string => config.url ?? '';

export const ok = (data: unknown): FakeReply => ({ data: { code: 0, msg: 'ok', data } });

export function deferred<T = void>(): { promise: Promise<T>; resolve: (v: T) => void } {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
