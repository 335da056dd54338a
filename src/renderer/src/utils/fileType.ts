/** File classes of SPEC section 9, decided by extension. */
export type FileClass = 'Image' | 'Pdf' | 'Docx' | 'Excel' | 'CAD' | 'PPTX' | 'TXT' | 'File';

const CLASS_BY_EXTENSION: Record<string, FileClass> = {
  png: 'Image', jpg: 'Image', jpeg: 'Image', gif: 'Image', bmp: 'Image', webp: 'Image', svg: 'Image',
  pdf: 'Pdf',
  doc: 'Docx', docx: 'Docx',
  xls: 'Excel', xlsx: 'Excel', csv: 'Excel',
  dwg: 'CAD', dxf: 'CAD', dwf: 'CAD',
  ppt: 'PPTX', pptx: 'PPTX',
  txt: 'TXT',
};

/** The extension of a file name or stored path, lower case, without the dot ('' when none). */
export function extensionOf(name: string): string {
  const base = name.split(/[?#]/)[0]!.split('/').pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 || (dot === 0 && base.length > 1) ? base.slice(dot + 1).toLowerCase() : '';
}

export function fileClassOf(name: string): FileClass {
  return CLASS_BY_EXTENSION[extensionOf(name)] ?? 'File';
}

/** Classes the app can show inline (images and PDF); everything else is downloaded. */
export function isPreviewable(cls: FileClass): boolean {
  return cls === 'Image' || cls === 'Pdf';
}

/**
 * The type a preview blob is given, decided by us and not by the server: a blob URL runs in our origin,
 * so nothing but an image or a PDF may ever be shown from one.
 */
export function previewMime(name: string): string | null {
  const ext = extensionOf(name);
  if (ext === 'pdf') return 'application/pdf';
  if (fileClassOf(name) !== 'Image') return null;
  return ext === 'svg' ? 'image/svg+xml' : ext === 'jpg' ? 'image/jpeg' : `image/${ext}`;
}
