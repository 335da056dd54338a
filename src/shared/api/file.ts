import { Type, type Static } from '@sinclair/typebox';
import { PageQuery } from './envelope';

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

/** One row of GET /api/file/listMine. */
export const FileRow = Type.Composite([
  UploadedFile,
  Type.Object({ id: Type.Integer(), mime: Type.String(), createdAt: Type.String() }),
]);
export type FileRow = Static<typeof FileRow>;

export const FileListQuery = PageQuery;
export type FileListQuery = Static<typeof FileListQuery>;

/** GET /objectStorage/file/download query. */
export const FileDownloadQuery = Type.Object({
  path: Type.String({ minLength: 1, maxLength: 512 }),
  inline: Type.Optional(Type.Union([Type.Literal('1'), Type.Literal('0')])),
});
export type FileDownloadQuery = Static<typeof FileDownloadQuery>;
