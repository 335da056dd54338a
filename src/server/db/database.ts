import { createHash } from 'node:crypto';
import { Kysely, PostgresDialect, sql, type PostgresPool, type PostgresPoolClient } from 'kysely';
import pg from 'pg';
import type { DB } from './schema';

export const MIN_POSTGRES_VERSION_NUM = 150000;

// BIGINT (e.g. count(*)) arrives as a string by default; our ids and counts fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

/** How many distinct statements are prepared (per connection, by PostgreSQL); the rest run unnamed. */
export const PREPARED_STATEMENTS_MAX = 1000;
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * Names for the statements worth preparing: the application's fixed queries (a scan's lock, its event
 * insert, the fill gate, the access check) are planned once per connection instead of on every call.
 * Bounded: texts that vary without end (an `in` list of every length) stop getting names at the cap.
 */
export class StatementNames {
  private readonly names = new Map<string, string>();
  constructor(private readonly max = PREPARED_STATEMENTS_MAX) {}

  nameOf(text: string): string | undefined {
    if (!PREPARABLE.test(text)) return undefined;
    const known = this.names.get(text);
    if (known || this.names.size >= this.max) return known;
    const name = `k${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    this.names.set(text, name);
    return name;
  }
}

/** A pg.Pool whose clients send the statements StatementNames names as prepared statements. */
export function preparingPool(pool: pg.Pool, names = new StatementNames()): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      return {
        query: ((text: unknown, values?: unknown[]) => {
          const name = typeof text === 'string' ? names.nameOf(text) : undefined;
          return name ? client.query({ name, text: text as string, values }) : client.query(text as string, values);
        }) as unknown as PostgresPoolClient['query'],
        release: () => client.release(),
      };
    },
    end: () => pool.end(),
  };
}

/**
 * A Kysely instance over a pg.Pool. Nothing connects until the first query.
 *
 * A connection can end under the server at any time: a DBA's pg_terminate_backend, a failover, an idle
 * timeout, a PostgreSQL restart. pg reports it as an 'error' event on the client, and an 'error' event
 * nobody listens to ends the process, so every client gets a listener the moment it connects (the pool
 * listens only while a client is idle). The query that was running fails on its own and its request is
 * answered with DB_CONNECTION_LOST (plugins/errors.ts); the pool drops the broken client when it is
 * released and opens a new connection for the next query.
 */
/**
 * Every session speaks the plant's time zone (this process's, the one lib/dates.today() reads), so a
 * timestamp's date, the trace's daily summary and the screens' 'YYYY-MM-DD HH:mm' agree with the wall clock,
 * whatever zone the PostgreSQL server was installed with.
 */
export function plantTimeZone(zone = Intl.DateTimeFormat().resolvedOptions().timeZone): { options?: string } {
  return zone && /^[A-Za-z0-9_+\-/]{1,64}$/.test(zone) ? { options: `-c TimeZone=${zone}` } : {};
}

/**
 * JIT compilation off for the application's sessions. Its reads are paged or bounded and run in milliseconds, but
 * a LIMIT over a large index range is costed as if it read the range, so PostgreSQL compiled them: on the bench
 * database (issue 31, item 19) compiling took 60 ms to 1.4 s for a 客户质量 detail page that runs in 10–40 ms.
 */
const NO_JIT = '-c jit=off';

/** The session options of every connection: the plant's time zone, no JIT. */
export function sessionOptions(zone?: string): { options: string } {
  return { options: [plantTimeZone(zone).options, NO_JIT].filter(Boolean).join(' ') };
}

/** How to open a connection of its own to the database of a createDb instance (the change bus's listener). */
const ownConnections = new WeakMap<object, () => pg.Client>();

/** A new, unconnected client to the same database as `db`, outside its pool; null for a database not made by createDb. */
export function ownConnectionOf(db: Kysely<DB>): (() => pg.Client) | null {
  return ownConnections.get(db) ?? null;
}

export function createDb(
  connectionString: string,
  opts: { prepare?: boolean; log?: (line: string) => void } = {},
): Kysely<DB> {
  const log = opts.log ?? ((line: string) => console.error(line));
  const pool = new pg.Pool({ connectionString, max: 10, ...sessionOptions() });
  const reported = new WeakSet<pg.Client>();
  pool.on('connect', (client) => {
    client.on('error', (error) => {
      // One line per connection: its end may be reported twice (the server's message, then the socket's end).
      if (reported.has(client)) return;
      reported.add(client);
      log(`PostgreSQL connection lost: ${error.message}`);
    });
  });
  // The pool passes on the errors of idle clients, which the listener above has already logged.
  pool.on('error', () => {});
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: opts.prepare === false ? pool : preparingPool(pool) }) });
  ownConnections.set(db, () => new pg.Client({ connectionString, ...sessionOptions() }));
  return db;
}

/** Refuses servers older than PostgreSQL 15 with a message the operator can act on. */
export async function assertPostgresVersion(db: Kysely<DB>): Promise<string> {
  const { rows } = await sql<{ num: string; version: string }>`
    SELECT current_setting('server_version_num') AS num, current_setting('server_version') AS version
  `.execute(db);
  const row = rows[0]!;
  if (Number(row.num) < MIN_POSTGRES_VERSION_NUM) {
    throw new Error(`PostgreSQL ${row.version} is too old: the server needs PostgreSQL 15 or newer (check DATABASE_URL)`);
  }
  return row.version;
}
