import { REPORT } from '@shared/api/report';
import type { ReportKey } from '@shared/api/setting';
import { fetchFileEndpoint } from '@renderer/store/endpoints';
import type { PrintedDocument } from './PrintedDocumentDrawer';

/** What a report is filled from: an outbound order, a lot, or a cylinder. */
export type PrintSubject = { orderId: number } | { lotNo: string } | { code: string };

/** Asks the server to fill the report's default template for the subject; the PDF, or the .docx and why not. */
export async function printReport(key: ReportKey, subject: PrintSubject, title: string): Promise<PrintedDocument> {
  const file = await fetchFileEndpoint(REPORT.print, { reportKey: key, ...subject });
  const fileName = file instanceof File && file.name ? file.name : `${title}.pdf`;
  const message = (file as Blob & { message?: string }).message ?? null;
  return { title, file, fileName, message };
}
