import type { InternalAxiosRequestConfig } from 'axios';

/** Upload and download endpoints may legitimately run twice at once (SPEC section 5). */
const EXEMPT_URL = /\/upload|\/upSysFile|\/download|\/import/i;

export function isDedupeExempt(config: InternalAxiosRequestConfig): boolean {
  return config.responseType === 'blob' || EXEMPT_URL.test(config.url ?? '');
}

const stable = (value: unknown): string => {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
};

/** Identity of a request: method, url, query and body. */
export function requestKey(config: InternalAxiosRequestConfig): string {
  return [(config.method ?? 'get').toLowerCase(), config.url ?? '', stable(config.params), stable(config.data)].join('&');
}

/** The in-flight requests; a second identical one is refused while the first runs. */
export class PendingRequests {
  private readonly keys = new Set<string>();

  /** Claims the key for this request; false when an identical request is already in flight. */
  claim(key: string): boolean {
    if (this.keys.has(key)) return false;
    this.keys.add(key);
    return true;
  }

  release(key: string | undefined): void {
    if (key) this.keys.delete(key);
  }

  get size(): number {
    return this.keys.size;
  }
}
