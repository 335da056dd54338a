import { sql, type RawBuilder } from 'kysely';
import { OWN_OWNER_NAME } from '@shared/owner';

/**
 * 产权单位 as every screen shows it (see src/shared/owner.ts), for the cylinder row aliased `cylinder`:
 * 自有 for the plant's own, else the owning enterprise's name (a primary-key lookup, no join needed).
 */
export function ownerName(cylinder = 'c'): RawBuilder<string | null> {
  return sql<string | null>`case when ${sql.ref(`${cylinder}.owner_type`)} = 1 then ${sql.lit(OWN_OWNER_NAME)}
    else (select e.enterprise_name from enterprises e where e.id = ${sql.ref(`${cylinder}.owner_enterprise_id`)}) end`;
}
