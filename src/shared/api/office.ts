import { Type, type Static } from '@sinclair/typebox';
import { endpoint, KB } from './endpoint';
import { Id, Int, Str } from './schema';

/** GET /api/only/office/config query: the template (a REPORT setting id) to open. */
export const OfficeConfigQuery = Type.Object({
  documentId: Id('模板'),
  versionId: Type.Optional(Str('版本', { maxLength: 64 })),
  isEdit: Type.Optional(Int('编辑', { minimum: 0, maximum: 1 })),
});
export type OfficeConfigQuery = Static<typeof OfficeConfigQuery>;

/**
 * The document editor's config (SPEC section 3): document{fileType,key,title,url}, documentType,
 * editorConfig{callbackUrl}; null where the plant configured no document server (ONLYOFFICE_URL), and then
 * templates are edited in an office suite and uploaded.
 */
export const OfficeConfig = Type.Union([
  Type.Object({
    document: Type.Object({ fileType: Type.String(), key: Type.String(), title: Type.String(), url: Type.String() }),
    documentType: Type.String(),
    editorConfig: Type.Object({ callbackUrl: Type.String(), mode: Type.String(), lang: Type.String() }),
  }),
  Type.Null(),
]);
export type OfficeConfig = Static<typeof OfficeConfig>;

/** GET /api/only/office/getHost: the document server's address, or null with why there is none. */
export const OfficeHost = Type.Object({ host: Type.Union([Type.String(), Type.Null()]), message: Type.Union([Type.String(), Type.Null()]) });
export type OfficeHost = Static<typeof OfficeHost>;

/**
 * The document server's save callback (its own JSON: key, status, url; it sends more — users, actions, its change
 * history — which is not read).
 */
export const OfficeCallbackBody = Type.Object({
  key: Type.Optional(Str('文档标识', { maxLength: 128 })),
  status: Int('状态', { minimum: 0, maximum: 10 }),
  url: Type.Optional(Str('文件地址', { maxLength: 2048 })),
}, { title: '保存回调' });
/**
 * The answer to the callback: the envelope, and `error` as ONLYOFFICE's protocol requires (0: saved; 1: not, and the
 * editor tells its user the file could not be saved).
 */
export interface OfficeCallbackAnswer {
  code: number;
  msg: string;
  data: null;
  error: 0 | 1;
}
export const OfficeCallbackQuery = Type.Object({ id: Id('模板'), token: Str('签名', { maxLength: 128, minLength: 1 }) });

/** The message shown where no document server is configured. */
export const NO_OFFICE_MESSAGE = '未配置在线文档服务（ONLYOFFICE_URL）：请在 Word、WPS 或 LibreOffice 中编辑模板后上传';

/** GET /api/only/office/file: the template's .docx for the document server, by the signed link of the config. */
export const OfficeFileQuery = OfficeCallbackQuery;

export const OFFICE = {
  config: endpoint({
    method: 'GET', path: '/api/only/office/config', summary: '在线编辑配置（未配置文档服务时为 null）', permission: 'report:save',
    query: OfficeConfigQuery, data: OfficeConfig,
  }),
  host: endpoint({ method: 'GET', path: '/api/only/office/getHost', summary: '在线文档服务地址', permission: 'report:view', data: OfficeHost }),
  upload: endpoint({
    method: 'POST', path: '/api/only/office/upload', summary: '在线文档服务保存回调（签名校验；保存为模板的新版本；信封中另有 error: 0 / 1）', permission: 'public',
    // Answered by the route itself: the envelope with ONLYOFFICE's `error` beside it (OfficeCallbackAnswer).
    kind: 'download', query: OfficeCallbackQuery, body: OfficeCallbackBody,
    bodyLimit: { bytes: 256 * KB, why: 'the document server also sends its change history, users and actions, which are not read' },
  }),
  file: endpoint({
    method: 'GET', path: '/api/only/office/file', summary: '在线文档服务读取模板文件（签名校验）', permission: 'public', kind: 'download', query: OfficeFileQuery,
  }),
};
