import { Type, type Static } from '@sinclair/typebox';
import { DATA_SOURCE_KINDS } from '../dataSources';
import { endpoint } from './endpoint';
import { Bool, IdBody, NoData, OneOf, Page, PageQuery, ReqStr } from './schema';

/** Where a stored file is downloaded from (SPEC section 7): `/objectStorage/file/download?path={path}`. */
export const FILE_DOWNLOAD_PATH = '/objectStorage/file/download';

/** The default single-file limit (SPEC section 9: 10M each); the server's is configurable (UPLOAD_MAX_MB). */
export const DEFAULT_UPLOAD_MAX_MB = 10;

/** The download URL of a stored path; `inline` asks for a preview (no attachment name, so nothing is saved). */
export function fileDownloadUrl(path: string, opts: { inline?: boolean } = {}): string {
  return `${FILE_DOWNLOAD_PATH}?path=${encodeURIComponent(path)}${opts.inline ? '&inline=1' : ''}`;
}

/** Answer of POST /api/file/upload and POST /api/document/upSysFile (multipart, one part named `file`). */
export const UploadedFile = Type.Object({
  /** Opaque stored path: date folders and a random id, never the uploader's file name. */
  path: Type.String(),
  /** The original file name, as chosen by the person. */
  name: Type.String(),
  size: Type.Integer(),
  url: Type.String(),
});
export type UploadedFile = Static<typeof UploadedFile>;

/** POST /api/document/upSysFile query: the data source the template's placeholders must name fields of. */
export const ReportTemplateQuery = Type.Object({ dataSource: Type.Optional(OneOf('数据源', DATA_SOURCE_KINDS)) });
/** Answer of POST /api/document/upSysFile: the stored .docx, its id (ReportContent.fileId) and its placeholders. */
export const ReportTemplateFile = Type.Composite([
  UploadedFile,
  Type.Object({ id: Type.Integer(), placeholders: Type.Array(Type.String()) }),
]);
export type ReportTemplateFile = Static<typeof ReportTemplateFile>;

/** One row of GET /api/file/listMine. */
export const FileRow = Type.Composite([
  UploadedFile,
  Type.Object({ id: Type.Integer(), mime: Type.String(), createdAt: Type.String() }),
]);
export type FileRow = Static<typeof FileRow>;

export const FileListQuery = PageQuery(['createdAt'] as const, {});
export type FileListQuery = Static<typeof FileListQuery>;

/** One of the plant's shared documents (首页 常用文件), with who uploaded it and whether the caller may delete it. */
export const SharedFileRow = Type.Composite([
  FileRow,
  Type.Object({ uploadedBy: Type.Union([Type.String(), Type.Null()]), canDelete: Type.Boolean() }),
]);
export type SharedFileRow = Static<typeof SharedFileRow>;

/** Upload query: `shared=true` makes the file one of the plant's shared documents at once. */
export const UploadQuery = Type.Object({ shared: Type.Optional(Bool('共享给所有人')) });

/**
 * What a file can be attached to, and who may then download it: the key that lets a person see such a
 * record. The uploader may always download their own file; nobody else without an attachment they can see.
 */
export const FILE_LINK_ACCESS = {
  /** The plant's shared documents on the home page: every signed-in user. */
  shared: 'authenticated',
  /** The plant's logo (企业信息): the title bar and printed documents show it to everyone. */
  companyLogo: 'authenticated',
  /** A report template's .docx (报表模板): whoever may see the report templates may download it. */
  reportTemplate: 'report:view',
} as const;
export type FileLinkKind = keyof typeof FILE_LINK_ACCESS;

/** GET /objectStorage/file/download query. */
export const FileDownloadQuery = Type.Object({
  path: ReqStr('文件路径', { maxLength: 512 }),
  inline: Type.Optional(OneOf('预览', ['1', '0'] as const)),
});
export type FileDownloadQuery = Static<typeof FileDownloadQuery>;

/** Files (SPEC section 7, Files). Downloads are not under /api: see FILE_DOWNLOAD_PATH. */
export const FILE = {
  upload: endpoint({
    method: 'POST', path: '/api/file/upload', summary: '上传附件（multipart，字段 file；shared=true 为共享的常用文件）', permission: 'file:upload',
    kind: 'upload', query: UploadQuery, data: UploadedFile,
  }),
  uploadReportTemplate: endpoint({
    method: 'POST', path: '/api/document/upSysFile', summary: '上传报表模板文件（multipart，字段 file；校验占位符属于数据源 dataSource）', permission: 'report:upload',
    kind: 'upload', query: ReportTemplateQuery, data: ReportTemplateFile,
  }),
  mine: endpoint({ method: 'GET', path: '/api/file/listMine', summary: '我上传的文件', permission: 'authenticated', query: FileListQuery, data: Page(FileRow) }),
  shared: endpoint({
    method: 'GET', path: '/api/file/listShared', summary: '常用文件（所有人可见）', permission: 'authenticated', query: FileListQuery, data: Page(SharedFileRow),
  }),
  deleteShared: endpoint({
    method: 'POST', path: '/api/file/deleteShared', summary: '删除常用文件（上传人或有 file:delete 的管理员）', permission: 'authenticated',
    body: IdBody, data: NoData,
  }),
};

