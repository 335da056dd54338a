import type { Kysely } from 'kysely';
import { Migrator, type MigrationProvider } from 'kysely';
import { MIGRATIONS } from './migrations';

const staticProvider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/** Brings the schema to the latest migration under Kysely's migration lock; throws on failure. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any database, whatever its current schema
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({ db, provider: staticProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Database migration failed${name}: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
}
