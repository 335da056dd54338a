import { CYLINDER_CODE } from './scan';

/**
 * What a scan's text means. A label carries the cylinder's code twice: as a plain barcode and inside the QR
 * code of its public page, `{public address}/q/{code}-{signature}` (src/server/modules/qrPage/qr-token.ts). A
 * camera, or a PDA's imager typing what it read, gives either; both name the cylinder. The signature is the
 * server's to check (it holds the secret); here it only has to look like one, so a page address of another
 * kind is not taken for a code.
 */
export type ScanRead = { ok: true; code: string; from: 'code' | 'page' } | { ok: false; text: string };

/** The path of a public page: /q/, the code, '-', 16 base32 characters (qr-token.ts SIGNATURE_CHARS). */
const PAGE_PATH = /\/q\/([A-Za-z0-9_.-]{1,64})-[a-z2-7]{16}$/;
/** Longer than any label's address: what is shown of refused text. */
const SHOWN_CHARS = 80;

export function readScan(raw: string): ScanRead {
  const text = raw.trim();
  if (CYLINDER_CODE.test(text)) return { ok: true, code: text, from: 'code' };
  const code = pageCode(text);
  if (code) return { ok: true, code, from: 'page' };
  return { ok: false, text: text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}…` : text };
}

function pageCode(text: string): string | null {
  if (!/^https?:\/\//i.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  return PAGE_PATH.exec(url.pathname)?.[1] ?? null;
}
