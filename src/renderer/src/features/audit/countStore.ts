import Dexie, { type Table } from 'dexie';

/**
 * The field app's blind counts, kept on the device (IndexedDB, a database of its own beside the stations' queue) so a
 * count survives a reload and a whole visit without network, until the server has taken it.
 */

/** One count at a customer's site: its id (chosen here: the submit is idempotent on it) and the codes scanned. */
export interface KeptCount {
  auditId: string;
  customerId: number;
  customerName: string;
  /** Codes in scan order, each once (any letter case). */
  codes: string[];
  /** When the count began on this device (ISO). */
  startedAt: string;
}

/** A customer as the device last saw the list (chosen offline). */
export interface KeptCustomer {
  id: number;
  name: string;
  code: string;
}

export class AuditCountDb extends Dexie {
  counts!: Table<KeptCount, string>;
  customers!: Table<KeptCustomer, number>;

  constructor(name = 'cylinder-audit') {
    super(name);
    this.version(1).stores({ counts: 'auditId', customers: 'id' });
  }
}

let instance: AuditCountDb | null = null;
export function auditDb(): AuditCountDb {
  instance ??= new AuditCountDb();
  return instance;
}

export async function resetAuditDbForTests(): Promise<void> {
  await Promise.all([auditDb().counts.clear(), auditDb().customers.clear()]);
}

/** The count in progress on this device (one at a time), or null. */
export async function currentCount(): Promise<KeptCount | null> {
  return (await auditDb().counts.toCollection().first()) ?? null;
}

export async function startCount(auditId: string, customer: KeptCustomer, at = new Date()): Promise<KeptCount> {
  const count: KeptCount = { auditId, customerId: customer.id, customerName: customer.name, codes: [], startedAt: at.toISOString() };
  await auditDb().counts.put(count);
  return count;
}

/** Adds a code to the count unless it is there (any letter case); the count as kept, and whether it was added. */
export async function addCode(auditId: string, code: string): Promise<{ count: KeptCount; added: boolean }> {
  const db = auditDb();
  return db.transaction('rw', db.counts, async () => {
    const count = await db.counts.get(auditId);
    if (!count) throw new Error('盘点已结束，请重新开始');
    if (count.codes.some((c) => c.toLowerCase() === code.toLowerCase())) return { count, added: false };
    const next = { ...count, codes: [...count.codes, code] };
    await db.counts.put(next);
    return { count: next, added: true };
  });
}

export async function removeCode(auditId: string, code: string): Promise<KeptCount | null> {
  const db = auditDb();
  return db.transaction('rw', db.counts, async () => {
    const count = await db.counts.get(auditId);
    if (!count) return null;
    const next = { ...count, codes: count.codes.filter((c) => c !== code) };
    await db.counts.put(next);
    return next;
  });
}

/** The count is over: taken by the server, or given up. */
export const endCount = (auditId: string): Promise<void> => auditDb().counts.delete(auditId);

export async function keepCustomers(list: KeptCustomer[]): Promise<void> {
  const db = auditDb();
  await db.transaction('rw', db.customers, async () => {
    await db.customers.clear();
    await db.customers.bulkPut(list);
  });
}

export const keptCustomers = (): Promise<KeptCustomer[]> => auditDb().customers.orderBy('id').toArray();

/**
 * What a scan gives as a cylinder code: the code, or the code a public-page QR address names (…/q/{code}-{signature});
 * null when it is neither.
 */
export function codeOfScan(text: string): string | null {
  const raw = text.trim();
  const page = /\/q\/([A-Za-z0-9_.-]{1,64})-[a-z2-7]{16}(?:[/?#].*)?$/.exec(raw);
  const code = page ? page[1]! : raw;
  return /^[A-Za-z0-9_.-]{1,64}$/.test(code) ? code : null;
}

/** The count's time as the server takes it: 'yyyy-MM-dd HH:mm:ss' in this device's (the plant's) time. */
export function plantTime(iso: string): string {
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}
