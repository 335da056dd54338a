import type { Kysely } from 'kysely';
import type { StatementDetail } from '@shared/api/rental';
import type { DB } from '../../db/schema';
import { BusinessError } from '../../lib/errors';
import { statementDetail as detailOf, statementDocx, statementTitle } from '../rental';
import { docxToPdf, NoConverterError } from '../report';

/**
 * The rental module's statements as the portal serves them. The portal's routes call these always with the account's
 * own enterprise (statementPage) or after checking the statement's customerId against it (statementDetail first).
 */
export { statementPage } from '../rental';

export interface StatementFile {
  fileName: string;
  mime: string;
  bytes: Buffer;
}

/** An issued statement, or undefined when there is none with that id. */
export async function statementDetail(db: Kysely<DB>, id: number): Promise<StatementDetail | undefined> {
  try {
    return await detailOf(db, id);
  } catch (err) {
    if (err instanceof BusinessError) return undefined;
    throw err;
  }
}

/** The statement as PDF (the .docx itself where no converter is installed). */
export async function statementPdf(db: Kysely<DB>, id: number): Promise<StatementFile> {
  const detail = await detailOf(db, id);
  const docx = statementDocx(detail);
  try {
    return { fileName: `${statementTitle(detail)}.pdf`, mime: 'application/pdf', bytes: await docxToPdf(docx) };
  } catch (err) {
    if (!(err instanceof NoConverterError)) throw err;
    return { fileName: `${statementTitle(detail)}.docx`, mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', bytes: docx };
  }
}
