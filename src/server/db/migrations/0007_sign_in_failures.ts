import { sql, type Kysely } from 'kysely';

/**
 * Failed sign-ins are counted per (user name as typed, client address) instead of per account: five wrong
 * passwords from anywhere used to lock the real user out, and only real accounts were counted, which told
 * whether a name exists. A name that has no account is counted the same way.
 *
 * The account's own counter (users.failed_attempts, users.locked_until) is dropped: nothing reads it now.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sign_in_failures')
    // Lower-cased and trimmed, so `Admin` and `admin ` share one counter.
    .addColumn('username', 'varchar(64)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    // How often the pair was locked: each lock lasts longer than the one before.
    .addColumn('locks', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'timestamptz')
    .addColumn('last_failed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('sign_in_failures_pk', ['username', 'ip'])
    .execute();
  // Serves forgetting quiet pairs.
  await db.schema.createIndex('sign_in_failures_last_failed_idx').on('sign_in_failures').column('last_failed_at').execute();

  await db.schema.alterTable('users').dropColumn('failed_attempts').execute();
  await db.schema.alterTable('users').dropColumn('locked_until').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('users').addColumn('locked_until', 'timestamptz').execute();
  await db.schema.dropTable('sign_in_failures').execute();
}
