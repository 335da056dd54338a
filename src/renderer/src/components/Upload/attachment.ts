import type { FileClass } from '@renderer/utils/fileType';

/** One attachment in an Upload's value. */
export interface Attachment {
  /** Local id, stable while the attachment is in the list. */
  uid: string;
  /** Stored path answered by the server ('' until uploaded). */
  path: string;
  url: string;
  name: string;
  status: 'uploading' | 'done' | 'error';
  /** Inline data for a picture picked on this machine, if the caller keeps it. */
  base64?: string;
  fileType: FileClass;
}

export const MB = 1024 * 1024;

/** Does `file` match an `accept` list such as ".pdf,image/*,application/zip"? An empty list accepts all. */
export function matchesAccept(file: { name: string; type: string }, accept: string | undefined): boolean {
  const rules = (accept ?? '').split(',').map((r) => r.trim().toLowerCase()).filter(Boolean);
  if (!rules.length) return true;
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return rules.some((rule) =>
    rule.startsWith('.') ? name.endsWith(rule) : rule.endsWith('/*') ? type.startsWith(rule.slice(0, -1)) : type === rule,
  );
}

/** The over-count rule of SPEC section 5: may `picked` more files join `chosen` under `limit`? */
export function countAllowed(limit: number, chosen: number, picked: number): boolean {
  return chosen + picked <= limit;
}
