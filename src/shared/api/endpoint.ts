import type { Static, TObject, TSchema } from '@sinclair/typebox';
import type { Access, PermissionKey } from '../menus';

/**
 * One API call, declared once: the server registers its route from it (schema, permission, OpenAPI,
 * operation log) and the renderer generates its RTK Query endpoint and types from it.
 */
export interface Endpoint {
  method: 'GET' | 'POST';
  /** Full path with `:name` parameters, e.g. `/api/product/info/:id`. */
  path: string;
  /** One line for the OpenAPI document. */
  summary: string;
  /** The key a caller must hold; 'authenticated' for any signed-in user, 'public' for none. */
  permission: Access;
  /** Also required when the body carries an `id` (a save that edits). */
  editPermission?: PermissionKey;
  /** A second key every call needs besides `permission` (a dashboard card: home:view and its screen's key). */
  alsoRequires?: PermissionKey;
  params?: TObject;
  query?: TObject;
  body?: TSchema;
  /** Schema of `data` in a successful envelope. Absent for downloads. */
  data?: TSchema;
  /** json (default): an envelope; upload: multipart with one `file`; download: a file (or an envelope on refusal). */
  kind?: 'json' | 'upload' | 'download';
  /** A read (list, info, query) sent as POST: not written to the operation log. GET is a read unless `mutates`. */
  readOnly?: boolean;
  /** A GET that changes data (SPEC names a few, e.g. deleteById): logged like any other change. */
  mutates?: boolean;
  /**
   * A JSON body larger than DEFAULT_BODY_LIMIT that the route needs, and why (what the largest body its schema
   * admits holds). Larger bodies are refused with 请求内容过大 before they are read.
   */
  bodyLimit?: { bytes: number; why: string };
  /**
   * Called by the client on its own, not by a person (a poll, a station reporting its state, a sync feed): not
   * an operation, so never written to the operation log, whatever an interface-log setting says.
   */
  background?: boolean;
}

export const KB = 1024;

/**
 * The JSON body a route reads unless it declares `bodyLimit`: every list filter and ordinary form fits with room to
 * spare (the largest, an outbound order's lines, stays under 16 KB even typed all in Chinese at its schema's bounds).
 */
export const DEFAULT_BODY_LIMIT = 16 * KB;

/** Declares an endpoint; the identity function keeps its literal types. */
export const endpoint = <const E extends Endpoint>(e: E): E => e;

type Part<T> = T extends TSchema ? Static<T> : unknown;
type Merge<A, B, C> = A & B & C;
type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** What the caller passes: path parameters, query and body fields in one object (a File for uploads). */
export type EndpointArg<E extends Endpoint> = E['kind'] extends 'upload'
  ? Simplify<{ file: Blob & { name?: string } } & Part<E['query']>>
  : unknown extends Merge<Part<E['params']>, Part<E['query']>, Part<E['body']>>
    ? void
    : Simplify<Merge<Part<E['params']>, Part<E['query']>, Part<E['body']>>>;

/** What a successful call answers (`data` of the envelope); a Blob for downloads. */
export type EndpointData<E extends Endpoint> = E['kind'] extends 'download' ? Blob : E['data'] extends TSchema ? Static<E['data']> : null;

/** The path with `:name` parameters filled in (values URI-encoded), and the argument fields not used. */
export function fillPath(path: string, arg: Record<string, unknown>): { path: string; rest: Record<string, unknown> } {
  const rest = { ...arg };
  const filled = path.replace(/:(\w+)/g, (_m, name: string) => {
    const value = rest[name];
    delete rest[name];
    return encodeURIComponent(String(value));
  });
  return { path: filled, rest };
}

/** The OpenAPI tag of an endpoint: the first path segment after /api. */
export const tagOf = (path: string): string => path.split('/')[2] ?? 'api';
