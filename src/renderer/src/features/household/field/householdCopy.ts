import { HOUSEHOLD, HOUSEHOLD_COPY_MAX } from '@shared/api/household';
import type { HouseholdDeliveryRules } from '@shared/household/delivery';
import { offlineDb, readMeta, type KeptHousehold } from '@renderer/features/offline';
import { callEndpoint } from '@renderer/store/endpoints';

/**
 * The field device's copy of one serving station's LPG household users (issue 37): masked as every list shows them,
 * never an ID number, with what the delivery rule reads (open major hazards, the last safety check) and the rules in
 * force when saved. A device serves one station at a time: saving another replaces the copy.
 */

export const HOUSEHOLD_COPY_META = 'household.copy';
/** Rows per page of the copy (the endpoint's largest). */
const PAGE = 500;

export interface HouseholdCopyInfo {
  customerId: number;
  customerName: string;
  users: number;
  /** More users than the device keeps (HOUSEHOLD_COPY_MAX). */
  truncated: boolean;
  savedAt: number;
  rules: HouseholdDeliveryRules;
}

const listeners = new Set<() => void>();
/** Called after the copy was saved again. */
export function onHouseholdCopy(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Reads the station's users from the server, page by page, and replaces the device's copy with them in one transaction. */
export async function saveHouseholdCopy(customerId: number, customerName: string): Promise<HouseholdCopyInfo> {
  const rows: KeptHousehold[] = [];
  let rules: HouseholdDeliveryRules | null = null;
  let more = true;
  let after = 0;
  while (more && rows.length < HOUSEHOLD_COPY_MAX) {
    const page = await callEndpoint(HOUSEHOLD.copy, { customerId, after, size: Math.min(PAGE, HOUSEHOLD_COPY_MAX - rows.length) }, { silent: true });
    rows.push(...page.list);
    rules = page.rules;
    more = page.more;
    if (!page.list.length) break;
    after = page.list[page.list.length - 1]!.id;
  }
  const info: HouseholdCopyInfo = {
    customerId, customerName, users: rows.length, truncated: more, savedAt: Date.now(),
    rules: rules ?? { householdRefuseMajorHazard: true, householdCheckMaxDays: 365 },
  };
  const db = offlineDb();
  await db.transaction('rw', db.households, db.meta, async () => {
    await db.households.clear();
    await db.households.bulkPut(rows);
    await db.meta.put({ key: HOUSEHOLD_COPY_META, value: info });
  });
  for (const l of listeners) l();
  return info;
}

export const householdCopyInfo = (): Promise<HouseholdCopyInfo | undefined> => readMeta<HouseholdCopyInfo>(HOUSEHOLD_COPY_META);

export const keptHousehold = async (id: number): Promise<KeptHousehold | undefined> => offlineDb().households.get(id);

/**
 * The kept row of a user read again from the server (after a safety check or a refusal changed what the rule reads);
 * nothing when the user is not in the copy or the server cannot be reached.
 */
export async function refreshKeptHousehold(id: number): Promise<void> {
  const db = offlineDb();
  const kept = await db.households.get(id);
  if (!kept) return;
  try {
    const page = await callEndpoint(HOUSEHOLD.copy, { customerId: kept.customerId, after: id - 1, size: 1 }, { silent: true });
    const row = page.list[0];
    if (row?.id === id) await db.households.put(row);
    else await db.households.delete(id);
  } catch {
    // Offline: the copy stays as saved.
  }
}

/**
 * Users of the copy matching what a person at the door can type without the full data on the device: part of the
 * address, the last digits of the phone (its masked form keeps the last four), or the surname. At most `limit`.
 */
export async function searchKeptHouseholds(text: string, limit = 20): Promise<KeptHousehold[]> {
  const v = text.trim();
  if (!v) return [];
  const digits = /^\d{1,4}$/.test(v);
  // A name typed in full (张三) still finds 张**: only its first character is on the device.
  const surname = !digits && [...v].length <= 4 ? [...v][0]! : null;
  const matches = (u: KeptHousehold) => u.address.includes(v) || (digits && u.phoneMasked.endsWith(v)) || (surname !== null && u.nameMasked.startsWith(surname));
  return offlineDb().households.filter((u) => u.status === 1 && matches(u)).limit(limit).toArray();
}
