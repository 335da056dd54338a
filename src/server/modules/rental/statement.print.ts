import type { Kysely } from 'kysely';
import type { BlobStore } from '../../blobs/blob-store';
import type { DB } from '../../db/schema';
import { companyData } from '../dataSource';
import { customerContacts } from '../enterprise';
import { printShipped, type PrintedDocument } from '../report';
import { statementTemplateData, statementTitle } from './statement.report';
import { statementDetail } from './statement.service';

/**
 * An issued statement as PDF: the shipped template RENTAL_STATEMENT (resources/reports, a default template of the
 * documents module like 签收单) filled with the statement as issued and converted by the warm converters; the filled
 * .docx with the reason where LibreOffice is missing. The office's download and the portal's are this one.
 */
export async function statementPdf(db: Kysely<DB>, blobs: BlobStore, id: number): Promise<PrintedDocument> {
  const s = await statementDetail(db, id);
  const [company, contacts] = await Promise.all([companyData(db, blobs), customerContacts(db, [s.customerId])]);
  return printShipped('RENTAL_STATEMENT', statementTitle(s), statementTemplateData(s, company, contacts.get(s.customerId)));
}
