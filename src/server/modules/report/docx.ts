import Docxtemplater from 'docxtemplater';
import InspectModule from 'docxtemplater/js/inspect-module.js';
import PizZip from 'pizzip';
import { BusinessError } from '../../lib/errors';
import { ImageModule } from './image-module';

type Scope = unknown;

/** Walks a dotted path (`customer.name`) into a value; undefined where any step is missing. */
function resolve(scope: Scope, parts: readonly string[]): unknown {
  let value: unknown = scope;
  for (const part of parts) {
    if (value === null || value === undefined || typeof value !== 'object' || !Object.hasOwn(value, part)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/**
 * Placeholders name dotted paths of the data (`{customer.name}`); inside a loop a name is read from the item
 * first, then from the enclosing scopes (`{#cylinders}{code} {company.name}{/cylinders}`).
 */
const parser = (tag: string) => {
  const parts = tag.trim() === '.' ? [] : tag.trim().split('.').filter((p) => p !== '');
  return {
    get(scope: Scope, context: { scopeList?: Scope[] }) {
      if (!parts.length) return scope;
      const scopes = context.scopeList ?? [scope];
      for (let i = scopes.length - 1; i >= 0; i--) {
        const value = resolve(scopes[i], parts);
        if (value !== undefined) return value;
      }
      return undefined;
    },
  };
};

interface ErrorProps { explanation?: string; xtag?: string; errors?: Array<{ properties?: ErrorProps }> }
interface TemplateErrorLike { properties?: ErrorProps }

/** A docxtemplater error as one Chinese sentence naming the tags it is about. */
function templateError(err: unknown): BusinessError {
  const e = err as TemplateErrorLike;
  const parts = (e.properties?.errors ?? [e]).map((x) => x.properties?.xtag ?? x.properties?.explanation).filter(Boolean);
  return new BusinessError(`模板格式有误（占位符未闭合或不成对）${parts.length ? `：${[...new Set(parts)].join('、')}` : ''}`);
}

function open(bytes: Buffer, modules: unknown[] = []): Docxtemplater {
  let zip: PizZip;
  try {
    zip = new PizZip(bytes);
  } catch {
    throw new BusinessError('模板不是有效的 Word 文档（.docx）');
  }
  if (!zip.file('word/document.xml')) throw new BusinessError('模板不是有效的 Word 文档（.docx）');
  try {
    return new Docxtemplater(zip, {
      paragraphLoop: true, linebreaks: true, parser, nullGetter: () => '',
      modules: modules as never,
    });
  } catch (err) {
    throw templateError(err);
  }
}

/** One placeholder of a template and the loops it sits in (outermost first). */
export interface Placeholder { name: string; loops: string[] }

/** Every placeholder of a .docx, with the loops (sections) enclosing it; refused when the template does not parse. */
export function placeholdersOf(bytes: Buffer): Placeholder[] {
  const inspect = new InspectModule();
  open(bytes, [inspect, new ImageModule()]);
  const out: Placeholder[] = [];
  const walk = (tags: Record<string, unknown>, loops: string[]) => {
    for (const [name, inner] of Object.entries(tags)) {
      out.push({ name: name.trim(), loops });
      if (inner && typeof inner === 'object' && Object.keys(inner).length) walk(inner as Record<string, unknown>, [...loops, name.trim()]);
    }
  };
  walk(inspect.getAllTags(), []);
  return out;
}

/**
 * Fills a .docx template with `data`; a placeholder without a value prints empty, `{%path}` an image
 * (image-module.ts). `finish` sees the filled parts before they are packed (links.ts strips them there).
 */
export function fillDocx(bytes: Buffer, data: object, finish?: (zip: PizZip) => void): Buffer {
  const doc = open(bytes, [new ImageModule()]);
  try {
    doc.render(data);
  } catch (err) {
    throw templateError(err);
  }
  finish?.(doc.getZip());
  return doc.getZip().generate({ type: 'nodebuffer', compression: 'DEFLATE' }) as Buffer;
}
