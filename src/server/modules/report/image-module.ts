import type PizZip from 'pizzip';

/**
 * A docxtemplater module for images: `{%company.logo}` / `{%sign.image}` / `{%qrImage}` place the PNG or JPEG
 * of a data URL (the data sources carry images so) inline, about 2.5 cm wide (height kept to the picture's
 * proportions for a PNG). An empty or unreadable value prints nothing.
 */
const NAME = 'cylinderImageModule';
const EMU_PER_CM = 360_000;
const WIDTH_CM = 2.5;

interface Part { type: string; value: string; module?: string }
interface ScopeManager { getValue(tag: string, meta: { part: Part }): unknown }

function decode(value: unknown): { bytes: Buffer; ext: 'png' | 'jpeg' } | null {
  if (typeof value !== 'string') return null;
  const m = /^data:image\/(png|jpeg|jpg);base64,([A-Za-z0-9+/=\s]+)$/.exec(value);
  if (!m) return null;
  const bytes = Buffer.from(m[2]!, 'base64');
  return bytes.length ? { bytes, ext: m[1] === 'png' ? 'png' : 'jpeg' } : null;
}

/** A PNG's width and height from its IHDR; a square where it cannot be read. */
function proportions(img: { bytes: Buffer; ext: string }): number {
  if (img.ext === 'png' && img.bytes.length > 24 && img.bytes.readUInt32BE(16) > 0) return img.bytes.readUInt32BE(20) / img.bytes.readUInt32BE(16);
  return 1;
}

export class ImageModule {
  readonly name = NAME;
  private zip: PizZip | null = null;
  private count = 0;

  optionsTransformer(options: unknown, doc: { zip: PizZip }) {
    this.zip = doc.zip;
    return options;
  }

  parse(placeHolderContent: string) {
    if (!placeHolderContent.startsWith('%')) return null;
    return { type: 'placeholder', value: placeHolderContent.slice(1).trim(), module: NAME };
  }

  render(part: Part, options: { scopeManager: ScopeManager }) {
    if (part.module !== NAME) return null;
    const img = decode(options.scopeManager.getValue(part.value, { part }));
    if (!img || !this.zip) return { value: '' };
    this.count += 1;
    const n = this.count;
    const file = `media/cylinder_image_${n}.${img.ext === 'png' ? 'png' : 'jpeg'}`;
    this.zip.file(`word/${file}`, img.bytes);
    const rid = `rIdCylImg${n}`;
    const relsPath = 'word/_rels/document.xml.rels';
    const rels = this.zip.file(relsPath)?.asText()
      ?? '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"></Relationships>';
    this.zip.file(relsPath, rels.replace('</Relationships>',
      `<Relationship Id="${rid}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="${file}"/></Relationships>`));
    const typesPath = '[Content_Types].xml';
    let types = this.zip.file(typesPath)?.asText() ?? '';
    for (const [ext, mime] of [['png', 'image/png'], ['jpeg', 'image/jpeg']] as const) {
      if (types && !new RegExp(`Extension="${ext}"`, 'i').test(types)) types = types.replace('</Types>', `<Default Extension="${ext}" ContentType="${mime}"/></Types>`);
    }
    if (types) this.zip.file(typesPath, types);
    const cx = Math.round(WIDTH_CM * EMU_PER_CM);
    const cy = Math.round(cx * proportions(img));
    const drawing = `<w:drawing><wp:inline xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" distT="0" distB="0" distL="0" distR="0">`
      + `<wp:extent cx="${cx}" cy="${cy}"/><wp:docPr id="${9000 + n}" name="image${n}"/>`
      + '<a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture">'
      + `<pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:nvPicPr><pic:cNvPr id="${9000 + n}" name="image${n}"/><pic:cNvPicPr/></pic:nvPicPr>`
      + `<pic:blipFill><a:blip xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" r:embed="${rid}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>`
      + `<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${cx}" cy="${cy}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic>`
      + '</a:graphicData></a:graphic></wp:inline></w:drawing>';
    // The tag sits inside a run's text: close the text, draw, reopen it.
    return { value: `</w:t>${drawing}<w:t xml:space="preserve">` };
  }
}
