import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

type Incr = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A PostgreSQL store for @fastify/rate-limit (its custom `store` interface): a fixed window per key kept in
 * api_key_rate_windows, so a key's limit holds across every server process on the database. One upsert per keyed
 * request: a window past its end starts again at 1.
 */
export function pgRateStore(db: Kysely<DB>) {
  return class PgRateStore {
    incr(key: string, callback: Incr, timeWindow: number): void {
      const window = sql`make_interval(secs => ${timeWindow / 1000})`;
      sql<{ hits: number; ttl: number }>`
        insert into api_key_rate_windows as w (key, window_start, hits) values (${key}, clock_timestamp(), 1)
        on conflict (key) do update set
          window_start = case when w.window_start + ${window} <= clock_timestamp() then clock_timestamp() else w.window_start end,
          hits = case when w.window_start + ${window} <= clock_timestamp() then 1 else w.hits + 1 end
        returning hits, ceil(extract(epoch from (window_start + ${window} - clock_timestamp())) * 1000)::int as ttl`
        .execute(db)
        .then((r) => callback(null, { current: r.rows[0]!.hits, ttl: Math.max(0, r.rows[0]!.ttl) }), (e: Error) => callback(e));
    }

    child(): PgRateStore {
      return this;
    }
  };
}
