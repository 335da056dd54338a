import type { StandaloneSettings } from '../shared/connection';

/** The rules of the connection settings, without electron-store, so the probe and tests import them freely. */
export class InvalidServerUrlError extends Error {
  constructor(input: unknown, reason: string) {
    super(`服务器地址无效（${String(input)}）：${reason}。示例：http://192.168.1.10:8080`);
    this.name = 'InvalidServerUrlError';
  }
}

export class InvalidStandaloneSettingsError extends Error {
  override name = 'InvalidStandaloneSettingsError';
}

/**
 * Accepts an http(s) origin — scheme, host and optional port, nothing else — and returns it normalised
 * (lower-case host, default port dropped, no trailing slash). A path would be silently ignored by the
 * API client, credentials would leak into logs; both are rejected with a message a person can act on.
 */
export function validateServerUrl(input: unknown): string {
  if (typeof input !== 'string' || input.trim() === '') throw new InvalidServerUrlError(input, '不能为空');
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw new InvalidServerUrlError(input, '不是合法的网址');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new InvalidServerUrlError(input, '只支持 http 或 https');
  }
  if (url.username || url.password) throw new InvalidServerUrlError(input, '不能包含用户名或密码');
  if (url.pathname !== '/' || url.search || url.hash) {
    throw new InvalidServerUrlError(input, '只填写协议、主机和端口，不能包含路径或参数');
  }
  return url.origin;
}

/** Ports below 1024 need administrator rights on Linux and macOS; a workshop PC runs as a plain user. */
export const MIN_STANDALONE_PORT = 1024;

export function validateStandaloneSettings(input: unknown): StandaloneSettings {
  const value = (input ?? {}) as Partial<Record<keyof StandaloneSettings, unknown>>;
  if (typeof value.standalone !== 'boolean') throw new InvalidStandaloneSettingsError('单机模式设置无效：standalone 必须是 true 或 false');
  if (value.lanAccess !== undefined && typeof value.lanAccess !== 'boolean') {
    throw new InvalidStandaloneSettingsError('单机模式设置无效：lanAccess 必须是 true 或 false');
  }
  const port = value.port ?? null;
  if (port !== null && (typeof port !== 'number' || !Number.isInteger(port) || port < MIN_STANDALONE_PORT || port > 65535)) {
    throw new InvalidStandaloneSettingsError(`端口必须是 ${MIN_STANDALONE_PORT}–65535 之间的整数，或留空自动选择`);
  }
  return { standalone: value.standalone, lanAccess: value.lanAccess ?? false, port };
}
