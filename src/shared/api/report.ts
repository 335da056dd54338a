import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from './endpoint';
import { Code, Id, ReqStr } from './schema';

/**
 * POST /api/report/printReprot (SPEC's spelling): fills the default template of `reportKey` (REPORT_KEYS or a
 * plant's own code) with the data of one subject: an outbound order (orderId), a lot (lotNo) or a cylinder
 * (code), exactly one of them, which must match the template's data source.
 */
export const PrintReportBody = Type.Object({
  reportKey: Code('报表', 64),
  orderId: Type.Optional(Id('出库单')),
  lotNo: Type.Optional(ReqStr('充装批号', { maxLength: 64 })),
  code: Type.Optional(ReqStr('气瓶编码', { maxLength: 64 })),
}, { title: '打印报表' });
export type PrintReportBody = Static<typeof PrintReportBody>;

/**
 * The header a document answered without its PDF explains itself in (URI-encoded UTF-8: header values are
 * ASCII), e.g. where LibreOffice is not installed the .docx comes back with this header saying so.
 */
export const DOCUMENT_MESSAGE_HEADER = 'x-document-message';

/**
 * Printing reports (SPEC section 7, Settings/reports/labels). The declared key is 'authenticated'; the server
 * then checks the subject's key: an outbound order outbound:print, a lot or a cylinder product:view.
 */
export const REPORT = {
  print: endpoint({
    method: 'POST', path: '/api/report/printReprot', summary: '打印报表（按出库单/充装批次/气瓶填充默认模板，返回 PDF；无 LibreOffice 时返回 .docx）',
    permission: 'authenticated', readOnly: true, kind: 'download', body: PrintReportBody,
  }),
};
