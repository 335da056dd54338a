import { StringDecoder } from 'node:string_decoder';
import { BusinessError } from '../../lib/errors';
import { MAX_ATTRIBUTES, MAX_DEPTH, XmlError, XmlLimitError, XmlParser } from '../../lib/xlsx/xml';
import { openZip, ZipEntryTooLargeError, ZipError, type ZipArchive, type ZipEntry } from '../../lib/xlsx/zip';
import { LinkScanner } from './links';

/**
 * What a report template may cost, checked while its parts inflate (streamed, before docxtemplater or PizZip
 * holds anything): the inflated bytes of each XML part and of everything, the number of parts, XML elements
 * and placeholders. docxtemplater takes about 0.1 ms and several KB of heap per element, so these keep the
 * check and a print within seconds and a few hundred MB; the shipped templates use under one percent of each.
 */
export const TEMPLATE_LIMITS = {
  entries: 500,
  xmlPartBytes: 4 * 1024 * 1024,
  totalBytes: 32 * 1024 * 1024,
  elements: 50_000,
  placeholders: 5_000,
};

export const NOT_DOCX = '模板不是有效的 Word 文档（.docx）';
const MB = 1024 * 1024;

/** What an inspection found besides its bounds: the outside references, in words (empty for a clean template). */
export interface TemplateFindings {
  links: string[];
}

const isXmlPart = (name: string) => /\.(xml|rels|svg|vml)$/i.test(name);

async function countBytes(archive: ZipArchive, entry: ZipEntry, maxBytes: number, feed?: (chunk: Buffer) => void): Promise<number> {
  let size = 0;
  for await (const chunk of archive.chunks(entry, maxBytes)) {
    size += chunk.length;
    feed?.(chunk);
  }
  return size;
}

/**
 * Reads every part of a template once, as a stream, and refuses it (BusinessError, in words) as soon as it goes
 * beyond TEMPLATE_LIMITS, is not a .docx, or holds XML nested beyond MAX_DEPTH; answers the outside references
 * it holds (the caller refuses an upload for them, see links.ts).
 */
export async function inspectTemplate(bytes: Buffer): Promise<TemplateFindings> {
  let archive: ZipArchive;
  try {
    archive = await openZip(bytes);
  } catch {
    throw new BusinessError(NOT_DOCX);
  }
  if (!archive.entries.has('word/document.xml')) throw new BusinessError(NOT_DOCX);
  if (archive.entries.size > TEMPLATE_LIMITS.entries) throw new BusinessError(`模板中的文件过多（超过 ${TEMPLATE_LIMITS.entries} 个），请删除多余内容后重新上传`);
  const links: string[] = [];
  let total = 0;
  let elements = 0;
  let placeholders = 0;
  for (const [name, entry] of archive.entries) {
    if (name.endsWith('/')) continue;
    const left = TEMPLATE_LIMITS.totalBytes - total;
    try {
      if (!isXmlPart(name)) {
        total += await countBytes(archive, entry, left);
        continue;
      }
      const scanner = new LinkScanner(name);
      const parser = new XmlParser({
        open(tag, attributes) {
          if (++elements > TEMPLATE_LIMITS.elements) {
            throw new BusinessError(`模板内容过多（超过 ${TEMPLATE_LIMITS.elements} 个 XML 元素，约几十页），请精简后重新上传`);
          }
          scanner.open(tag, attributes);
        },
        close: (tag) => scanner.close(tag),
        text(piece) {
          for (let at = piece.indexOf('{'); at >= 0; at = piece.indexOf('{', at + 1)) {
            if (++placeholders > TEMPLATE_LIMITS.placeholders) throw new BusinessError(`模板中的占位符过多（超过 ${TEMPLATE_LIMITS.placeholders} 个），请精简后重新上传`);
          }
          scanner.text(piece);
        },
      });
      const decoder = new StringDecoder('utf8');
      total += await countBytes(archive, entry, Math.min(TEMPLATE_LIMITS.xmlPartBytes, left), (chunk) => parser.write(decoder.write(chunk)));
      parser.write(decoder.end());
      parser.end();
      links.push(...scanner.found);
    } catch (error) {
      if (error instanceof BusinessError) throw error;
      if (error instanceof ZipEntryTooLargeError) {
        throw new BusinessError(isXmlPart(name) && TEMPLATE_LIMITS.xmlPartBytes <= left
          ? `模板中的 ${name} 解压后超过 ${TEMPLATE_LIMITS.xmlPartBytes / MB} MB，请精简后重新上传`
          : `模板解压后超过 ${TEMPLATE_LIMITS.totalBytes / MB} MB，请压缩图片或精简后重新上传`);
      }
      if (error instanceof XmlLimitError) {
        throw new BusinessError(`${NOT_DOCX}：${name} 的${error.limit === 'depth' ? `标签嵌套超过 ${MAX_DEPTH} 层` : `一个标签的属性超过 ${MAX_ATTRIBUTES} 个`}`);
      }
      if (error instanceof XmlError || error instanceof ZipError) throw new BusinessError(`${NOT_DOCX}：${name} 无法读取`);
      throw error;
    }
  }
  return { links };
}

/** The refusal of an upload that references outside content, naming the first few references. */
export function linksMessage(links: string[]): string {
  const shown = [...new Set(links)];
  const more = shown.length > 3 ? ` 等 ${shown.length} 处` : '';
  return `模板引用了文档以外的内容（打印时会访问网络或读取服务器上的文件），不能使用：${shown.slice(0, 3).join('；')}${more}。`
    + '请在 Word 中删除这些链接（图片请用「插入图片」嵌入 PNG 或 JPEG）后重新上传';
}
