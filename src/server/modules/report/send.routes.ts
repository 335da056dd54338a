import type { FastifyReply } from 'fastify';
import { DOCUMENT_MESSAGE_HEADER } from '@shared/api/report';
import { attachmentDisposition } from '../file';
import { docxToPdf, NoConverterError } from './convert';
import { NO_SOFFICE_MESSAGE } from './report.service';

export const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** A file as a download (never cached, never sniffed), with the message a person should read about it, if any. */
export function sendDocument(reply: FastifyReply, name: string, mime: string, bytes: Buffer, message?: string) {
  if (message) reply.header(DOCUMENT_MESSAGE_HEADER, encodeURIComponent(message));
  return reply.header('content-type', mime).header('content-length', bytes.length).header('content-disposition', attachmentDisposition(name))
    .header('x-content-type-options', 'nosniff').header('cache-control', 'no-store').send(bytes);
}

/** A printed document (printReport, printShipped) as a download, with its message when it came back as .docx. */
export function sendPrinted(reply: FastifyReply, doc: { fileName: string; mime: string; bytes: Buffer; message?: string | null }) {
  return sendDocument(reply, doc.fileName, doc.mime, doc.bytes, doc.message ?? undefined);
}

/** A Word document a module built, sent as PDF; without LibreOffice, the .docx itself with the reason. */
export async function sendAsPdf(reply: FastifyReply, title: string, docx: Buffer) {
  try {
    return sendDocument(reply, `${title}.pdf`, 'application/pdf', await docxToPdf(docx));
  } catch (err) {
    if (!(err instanceof NoConverterError)) throw err;
    return sendDocument(reply, `${title}.docx`, DOCX_MIME, docx, NO_SOFFICE_MESSAGE);
  }
}
