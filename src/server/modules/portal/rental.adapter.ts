import type { Kysely } from 'kysely';
import type { StatementDetail, StatementRow } from '@shared/api/rental';
import type { PageResult } from '@shared/api/schema';
import type { DB } from '../../db/schema';

/**
 * TEMPORARY — the rental module (src/server/modules/rental, written in parallel) will export statementPage(db, query),
 * statementDetail(db, id) and statementPdf(db, id). Until it lands this adapter answers as a plant without statements:
 * an empty page, no statement, no PDF. At merge the lead replaces the bodies below with a re-export:
 *   export { statementPage, statementDetail, statementPdf } from '../rental';
 * The portal's routes call only these three, and always with the account's own enterprise (statementPage) or after
 * checking the statement's customerId against it (statementDetail before statementPdf).
 */
export interface StatementQuery {
  page?: number;
  size?: number;
  sidx?: 'id' | 'month';
  order?: 'asc' | 'desc';
  month?: string;
  customerId?: number;
}

export interface StatementFile {
  fileName: string;
  mime: string;
  bytes: Buffer;
}

export async function statementPage(_db: Kysely<DB>, _query: StatementQuery): Promise<PageResult<StatementRow>> {
  return { list: [], total: 0 };
}

export async function statementDetail(_db: Kysely<DB>, _id: number): Promise<StatementDetail | undefined> {
  return undefined;
}

export async function statementPdf(_db: Kysely<DB>, _id: number): Promise<StatementFile> {
  throw new Error('statementPdf: the rental module is not merged yet');
}
