import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import type { WebhookTuning } from '../../config';

/**
 * Where a webhook may point (issue 35 item 5): http(s) only; never link-local / cloud metadata (169.254.0.0/16,
 * fe80::/10, also as IPv4-mapped IPv6), neither by name nor after DNS resolution at delivery; never this server's own
 * API. Loopback and private addresses are allowed: a plant's receivers live on its own network.
 */

/** True for 169.254.0.0/16, fe80::/10 and their IPv4-mapped forms. */
export function isLinkLocal(address: string): boolean {
  let a = address.toLowerCase().replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  if (mapped) a = mapped[1]!;
  // The URL parser writes ::ffff:169.254.1.1 as ::ffff:a9fe:101.
  const hex = /^::ffff:([0-9a-f]{1,4}):[0-9a-f]{1,4}$/.exec(a);
  if (hex) return parseInt(hex[1]!, 16) === 0xa9fe;
  if (isIP(a) === 4) return a.startsWith('169.254.');
  if (isIP(a) === 6) {
    const first = parseInt(a.split(':')[0] || '0', 16);
    return (first & 0xffc0) === 0xfe80;
  }
  return false;
}

const LOCAL_NAMES = new Set(['localhost', '127.0.0.1', '::1', '0.0.0.0', '::']);

function ownAddresses(): Set<string> {
  const set = new Set(LOCAL_NAMES);
  for (const list of Object.values(networkInterfaces())) for (const i of list ?? []) set.add(i.address.toLowerCase());
  return set;
}

const portOf = (u: URL): number => Number(u.port || (u.protocol === 'https:' ? 443 : 80));

/**
 * Why `text` may not be a webhook's URL, or null when it may. `self`: this server's Host header as the caller reached
 * it, and the port it listens on.
 */
export function refuseUrl(text: string, self: { host?: string; port?: number }): string | null {
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    return '推送地址不是有效的网址';
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return '推送地址只能是 http 或 https 网址';
  if (u.username || u.password) return '推送地址不能含用户名或密码';
  const host = u.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (isLinkLocal(host)) return '推送地址不能指向链路本地或云元数据地址（169.254.0.0/16、fe80::/10）';
  if (host === 'metadata.google.internal' || host === 'metadata') return '推送地址不能指向云元数据服务';
  const own = ownAddresses();
  let sameHost = false;
  try {
    const s = self.host ? new URL(`${u.protocol}//${self.host}`) : null;
    const sHost = s?.hostname.toLowerCase().replace(/^\[|\]$/g, '');
    sameHost = !!s && portOf(s) === portOf(u) && (sHost === host || (own.has(sHost!) && own.has(host)));
  } catch {
    // An unreadable Host header names nothing to compare with.
  }
  const ownPort = !!self.port && self.port > 0 && own.has(host) && portOf(u) === self.port;
  if (sameHost || ownPort) return '推送地址不能指向本服务器的接口';
  return null;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;
/** How a name resolves: dns.lookup's shape, asked with `all: true`. */
export type WebhookLookup = NonNullable<WebhookTuning['lookup']>;

const systemLookup: WebhookLookup = (hostname, options, callback) => dnsLookup(hostname, options, callback);

/**
 * dns.lookup for http.request that refuses names resolving to link-local addresses (checked on every connection), over
 * `resolve` (the system's resolver; tests give names answers without a network). Any link-local answer refuses the name,
 * even next to others.
 */
export function guardLookup(resolve: WebhookLookup = systemLookup) {
  return (hostname: string, options: object, callback: LookupCallback): void => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const list = addresses;
      const bad = list.find((a) => isLinkLocal(a.address));
      if (bad) {
        const refused = Object.assign(new Error(`推送地址 ${hostname} 解析到链路本地地址 ${bad.address}，已拒绝`), { code: 'ELINKLOCAL' });
        return callback(refused, []);
      }
      if (list.length === 0) return callback(Object.assign(new Error(`推送地址 ${hostname} 无法解析`), { code: 'ENOTFOUND' }), []);
      if ((options as { all?: boolean }).all) return callback(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/** guardLookup over the system's resolver. */
export const guardedLookup = guardLookup();
