import type { Kysely } from 'kysely';
import type { StatementDetail } from '@shared/api/rental';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../lib/errors';
import { statementDetail as detailOf } from '../rental';

/**
 * The rental module's statements as the portal serves them. The portal's routes call these always with the account's
 * own enterprise (statementPage) or after checking the statement's customerId against it (statementDetail first).
 */
export { statementPage } from '../rental';

/** An issued statement, or undefined when there is none with that id. */
export async function statementDetail(db: Kysely<DB>, id: number): Promise<StatementDetail | undefined> {
  try {
    return await detailOf(db, id);
  } catch (err) {
    if (err instanceof BusinessError) return undefined;
    throw err;
  }
}

/** The statement as PDF, as the office prints it (the .docx itself where no converter is installed). */
export { statementPdf } from '../rental';
