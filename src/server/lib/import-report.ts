import type { Kysely, Transaction } from 'kysely';
import type { ImportResult, ImportRowError } from '@shared/api/schema';
import type { DB } from '../db/schema';
import { inTransaction } from '../db/transaction';

/** How many bad rows the message lists before "…"; the count always covers all of them. */
const LISTED = 50;

/** The -1 message of a refused import: every bad row with its reasons; nothing was imported. */
export function importReport(total: number, errors: ImportRowError[]): string {
  const lines = errors.slice(0, LISTED).map((e) => `第 ${e.row} 行：${e.reasons.join('；')}`);
  if (errors.length > LISTED) lines.push(`……另有 ${errors.length - LISTED} 行有误`);
  return `导入失败，未导入任何数据：共 ${total} 行，其中 ${errors.length} 行有误\n${lines.join('\n')}`;
}

class DryRun extends Error {
  constructor(readonly rows: number) {
    super('dry run');
  }
}

/**
 * Runs an import in one transaction; `work` checks every row, writes them and answers how many. A dry run
 * does all of it, then rolls back: the check is exactly the import's (uniqueness against the database
 * included), and nothing stays.
 */
export async function runImport(db: Kysely<DB>, dryRun: boolean, work: (trx: Transaction<DB>) => Promise<number>): Promise<ImportResult> {
  try {
    return await inTransaction(db, async (trx) => {
      const rows = await work(trx);
      if (dryRun) throw new DryRun(rows);
      return { rows, imported: rows };
    });
  } catch (error) {
    if (error instanceof DryRun) return { rows: error.rows, imported: 0 };
    throw error;
  }
}
