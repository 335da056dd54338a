import { FILE_DOWNLOAD_PATH, type UploadedFile } from '@shared/api/file';
import { http } from '@renderer/http/client';
import { serverOrigin } from '@renderer/http/baseUrl';

/** A stored file as the widgets know it. */
export interface FileRef {
  name: string;
  path: string;
  /** Inline data (e.g. a just-picked image) shown without asking the server. */
  base64?: string;
}

/**
 * Files are fetched as blobs through the HTTP client, which sends the access token in the Authorization
 * header (and refreshes it); so no token ever has to travel in an <img>/<a> URL.
 */
async function fetchBlob(path: string, inline: boolean): Promise<Blob> {
  return http.get<Blob>(FILE_DOWNLOAD_PATH, inline ? { path, inline: 1 } : { path }, {
    baseURL: await serverOrigin(),
    responseType: 'blob',
    silent: true,
  });
}

/** The file's bytes for a preview; the server answers inline, so the client does not save it. */
export const fetchPreviewBlob = (path: string): Promise<Blob> => fetchBlob(path, true);

/** Downloads and saves the file under its original name (the client saves named blobs). */
export async function downloadFile(path: string): Promise<void> {
  await fetchBlob(path, false);
}

/** POST a file as multipart to an upload endpoint (under /api). */
export async function uploadFile(file: File, url = '/file/upload'): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  return http.post<UploadedFile>(url, form);
}
