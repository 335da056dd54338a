import type { RouteOptions } from 'fastify';
import { moduleOfPath, type LogInterface, type LogParam } from '@shared/api/log';
import type { Bilingual, TextLang } from '@shared/lang';
import { moduleNameOf } from './log-names';
import { operationNames } from './operation-names';

/** Methods an operation-log setting can name (the API declares no others). */
const SETTABLE_METHODS = new Set(['GET', 'POST']);
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

interface SchemaLike {
  title?: string;
  properties?: Record<string, { title?: string }>;
  anyOf?: SchemaLike[];
  oneOf?: SchemaLike[];
  allOf?: SchemaLike[];
}

/** One declared /api route, as the operation log and its settings see it. */
export interface ApiRoute extends Omit<LogInterface, 'moduleName'> {
  params: LogParam[];
  /** What a call of it does, in a few words (the log's 操作), from operation-names.ts (else see operationOf). */
  operation: Bilingual;
  /** Called by the client on its own (a poll, a report): never in the log, and no setting can put it there. */
  background: boolean;
}

/** The route as the settings screen lists it, in the caller's language (English has no summary: the operation stands in). */
export const interfaceOf = (r: ApiRoute, lang: TextLang): LogInterface => ({
  method: r.method, logUrl: r.logUrl, summary: lang === 'en' ? r.operation.en : r.summary, module: r.module,
  moduleName: moduleNameOf(r.module, lang), read: r.read,
});

/**
 * The operation a summary names, in words: its leading words, before the details of how (a colon, a
 * bracket or a comma), e.g. '充装：已领瓶（3）→ 已充装（4），写充装记录' → '充装'.
 */
export const operationOf = (summary: string): string => summary.split(/[：:（(，,]/)[0]!.trim();

/** Top-level property names of a request schema (an object, or a union/intersection of objects). */
function propertiesOf(schema: unknown, where: string, out: Map<string, LogParam>): void {
  if (!schema || typeof schema !== 'object') return;
  const s = schema as SchemaLike;
  for (const [name, prop] of Object.entries(s.properties ?? {})) {
    const key = `${where} ${name}`;
    if (!out.has(key)) out.set(key, { name, title: typeof prop?.title === 'string' ? prop.title : name, in: where });
  }
  for (const member of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) propertiesOf(member, where, out);
}

interface Matcher {
  route: ApiRoute;
  regex: RegExp;
  /** Static segments: a more specific pattern is tried first (as the router prefers it). */
  weight: number;
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The regular expression a stored (concrete) path of `pattern` matches: `:name` is one segment, `*` the rest. */
export function patternRegex(pattern: string): RegExp {
  const body = pattern.split('/').map((segment) => {
    if (segment === '*') return '.*';
    if (segment.startsWith(':')) return '[^/]+';
    return escapeRegex(segment);
  }).join('/');
  return new RegExp(`^${body}$`);
}

/** The part of a pattern before its first parameter: what every stored path of the route starts with. */
export function staticPrefix(pattern: string): string {
  const cut = pattern.search(/[:*]/);
  return cut < 0 ? pattern : pattern.slice(0, cut);
}

/**
 * Every /api route the server declares, collected as they are registered (an onRoute hook): the interface
 * list of the log settings, the parameter names a setting may keep, and the summary of a logged path.
 */
export class RouteCatalogue {
  private readonly byKey = new Map<string, ApiRoute>();
  private readonly matchers = new Map<string, Matcher[]>();

  add(route: RouteOptions): void {
    if (!route.url.startsWith('/api/') || route.schema?.hide) return;
    const readOnly = route.config?.readOnly;
    const background = route.config?.background === true;
    for (const method of [route.method].flat()) {
      if (!SETTABLE_METHODS.has(method)) continue;
      const params = new Map<string, LogParam>();
      propertiesOf(route.schema?.params, 'params', params);
      propertiesOf(route.schema?.querystring, 'query', params);
      propertiesOf(route.schema?.body, 'body', params);
      const module = moduleOfPath(route.url);
      const summary = route.schema?.summary ?? '';
      // A route the catalogue does not name yet is named from its summary (Chinese only).
      const operation = operationNames(method, route.url) ?? { zh: operationOf(summary), en: operationOf(summary) };
      const api: ApiRoute = {
        method, logUrl: route.url, summary, operation, module, background,
        read: typeof readOnly === 'boolean' ? readOnly : READ_METHODS.has(method), params: [...params.values()],
      };
      this.byKey.set(`${method} ${route.url}`, api);
      const list = this.matchers.get(method) ?? [];
      list.push({ route: api, regex: patternRegex(route.url), weight: route.url.split('/').filter((s) => s && !/^[:*]/.test(s)).length });
      list.sort((a, b) => b.weight - a.weight);
      this.matchers.set(method, list);
    }
  }

  /** The route declared as `method pattern`. */
  find(method: string, logUrl: string): ApiRoute | undefined {
    return this.byKey.get(`${method} ${logUrl}`);
  }

  /** The route a stored concrete path was served by (static routes first, then the most specific pattern). */
  match(method: string, path: string): ApiRoute | undefined {
    return this.byKey.get(`${method} ${path}`) ?? this.matchers.get(method)?.find((m) => m.regex.test(path))?.route;
  }

  /** The routes a person's call reaches (background ones left out), sorted by path (then method); of one module when given. */
  list(module?: string): ApiRoute[] {
    return [...this.byKey.values()].filter((r) => !r.background && (!module || r.module === module))
      .sort((a, b) => (a.logUrl === b.logUrl ? a.method.localeCompare(b.method) : a.logUrl < b.logUrl ? -1 : 1));
  }
}
