import { safeExtension } from '../../blobs/object-path';

/**
 * Content types by extension. The type a browser sent is never trusted: a file answered as text/html from
 * our origin could run script. Anything not listed is answered as a plain download.
 */
const MIME_BY_EXTENSION: Record<string, string> = {
  png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp', bmp: 'image/bmp',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  dwg: 'image/vnd.dwg', dxf: 'image/vnd.dxf',
  csv: 'text/csv; charset=utf-8',
  zip: 'application/zip',
};

export const FALLBACK_MIME = 'application/octet-stream';

export function mimeOf(name: string): string {
  return MIME_BY_EXTENSION[safeExtension(name)] ?? FALLBACK_MIME;
}

/** RFC 5987 value: UTF-8 percent-encoded, including the characters encodeURIComponent leaves. */
function rfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * Content-Disposition naming the original file (RFC 6266): an ASCII fallback for old clients, then the
 * exact name, Chinese included, as filename*. The fallback keeps the extension so the file still opens.
 */
export function attachmentDisposition(name: string): string {
  const ext = safeExtension(name);
  const ascii = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_').trim();
  const fallback = /[A-Za-z0-9]/.test(ascii.replace(/\.[^.]*$/, '')) ? ascii : `download${ext ? `.${ext}` : ''}`;
  return `attachment; filename="${fallback}"; filename*=UTF-8''${rfc5987(name)}`;
}

/** A file name as a person chose it, made safe to store and show: no path, no control characters. */
export function cleanOriginalName(raw: string | undefined): string {
  // eslint-disable-next-line no-control-regex
  const base = (raw ?? '').split(/[\\/]/).pop()!.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (base || 'file').slice(-255);
}
