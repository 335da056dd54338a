import { describe, expect, it } from 'vitest';
import { extensionOf, fileClassOf, isPreviewable, previewMime } from './fileType';

describe('file classes by extension (SPEC section 9)', () => {
  it.each([
    ['photo.PNG', 'Image'], ['a.jpg', 'Image'], ['a.jpeg', 'Image'], ['a.gif', 'Image'], ['a.bmp', 'Image'], ['a.webp', 'Image'],
    ['检验报告.pdf', 'Pdf'],
    ['记录.doc', 'Docx'], ['记录.docx', 'Docx'],
    ['台账.xls', 'Excel'], ['台账.xlsx', 'Excel'],
    ['图纸.dwg', 'CAD'], ['图纸.dxf', 'CAD'],
    ['培训.ppt', 'PPTX'], ['培训.pptx', 'PPTX'],
    ['说明.txt', 'TXT'],
    ['archive.zip', 'File'], ['noextension', 'File'], ['.pdf.exe', 'File'],
  ])('%s is %s', (name, cls) => {
    expect(fileClassOf(name)).toBe(cls);
  });

  it('reads the extension of a stored path or URL, not of a folder', () => {
    expect(extensionOf('2026/01/02/abc.v1/0123.pdf')).toBe('pdf');
    expect(extensionOf('/objectStorage/file/download?path=x')).toBe('');
    expect(fileClassOf('2026.05/报告')).toBe('File');
  });

  it('previews images and PDF only, each with a type of our choosing', () => {
    expect(isPreviewable('Image')).toBe(true);
    expect(isPreviewable('Pdf')).toBe(true);
    expect(isPreviewable('Docx')).toBe(false);
    expect(previewMime('a.pdf')).toBe('application/pdf');
    expect(previewMime('a.JPG')).toBe('image/jpeg');
    expect(previewMime('a.html')).toBeNull();
  });
});
