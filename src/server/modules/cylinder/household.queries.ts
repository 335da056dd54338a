import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** The cylinder's newest trace event of any kind (by its sequence): a 配送到户 not followed by anything else is standing. */
export const newestEvent = (db: Kysely<DB>, cylinderId: number) =>
  db.selectFrom('cylinder_traces').select(['action', 'detail']).where('cylinder_id', '=', cylinderId).orderBy('seq', 'desc').limit(1).executeTakeFirst();
