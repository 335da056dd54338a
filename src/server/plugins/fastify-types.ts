import type { Kysely } from 'kysely';
import type { Access, PermissionKey } from '@shared/menus';
import type { BlobStore } from '../blobs';
import type { AppConfig } from '../config';
import type { DB } from '../db/schema';
import type { Changes } from '../lib/change-bus';
import type { AccessLoader } from '../lib/access';
import type { KeptScans } from '../lib/kept-scans';

/** Who made the request, established from the access token (never from authId/authName). */
export interface RequestAuth {
  userId: number;
  name: string;
  /** The sign-in (refresh-token family) the access token belongs to. */
  sessionId: string;
  /** Set when the caller is a service account calling with an API key (then sessionId is ''). */
  apiKeyId?: number;
  /** Set when the caller is a customer's portal account (门户账号): its enterprise, what every portal route filters by. */
  portalEnterpriseId?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Kysely<DB>;
    /** Where files are kept (FILE_STORAGE: the local folder or an S3-compatible bucket); every module stores through it. */
    blobs: BlobStore;
    /**
     * Cache invalidation across every server process of the database (PostgreSQL LISTEN/NOTIFY):
     * `subscribe(topic, key => …)` drops what a process cached; `publish(trx, topic, key)` after a change.
     */
    changes: Changes;
    /** The caller's access, read fresh (plugins/permissions.ts; lib/access.ts checks a route's further keys with it). */
    loadAccess: AccessLoader;
    /** Where a kept scan refused (or flagged) on replay is recorded; the offline module installs the sink. */
    keptScans: KeptScans;
  }
  interface FastifyRequest {
    auth: RequestAuth | null;
    /** The envelope code answered, for the operation log. */
    resultCode: number | null;
    /** A replayable call that passed its route's keys (lib/kept-scans.ts). */
    keptScan: boolean;
  }
  interface FastifyContextConfig {
    /** A button key from src/shared/menus.ts, 'authenticated', 'portal' or 'public'. Required on every /api route. */
    permission?: Access;
    /** Also required when a save's body carries an id (checked by the route, see lib/endpoint.ts). */
    editPermission?: PermissionKey;
    /** A second key every call needs (lib/endpoint.ts). */
    alsoRequires?: PermissionKey;
    /** A read: the operation log does not record it (set from the endpoint descriptor). */
    readOnly?: boolean;
    /** A poll or report the client makes on its own: never in the operation log (set from the endpoint descriptor). */
    background?: boolean;
  }
}
