import { serverModule } from '../module';
import { reportRoutes } from './report.routes';

/**
 * Documents the plant hands out (issue 22): report templates (.docx with docxtemplater placeholders) filled
 * with an outbound order's, a lot's or a cylinder's data and converted to PDF by LibreOffice headless; the
 * template upload with its placeholder check; the in-place editor's calls.
 */
export const module = serverModule('report', reportRoutes);
export { installDefaultTemplates } from './templates';
// A document another module builds itself (客户盘点's report) turned into PDF the same way, or why it cannot be.
export { docxToPdf, NoConverterError } from './convert';
export { NO_SOFFICE_MESSAGE } from './report.service';
// A shipped template filled and converted for another module's document (签收单, issue 37).
export { printShipped, type PrintedDocument } from './report.service';
// A plain Word document built in code (an audit report, a rental statement), for docxToPdf.
export { docx, para, table } from './simple-docx';
export { sendAsPdf, sendDocument, sendPrinted } from './send.routes';
// An outbound order's document printed for the customer portal (its route checks the order is the customer's).
export { printReport } from './report.service';
