/** Pure selection bookkeeping of the selection drawer: rows are told apart by a key field. */
export type PickRow = Record<string, unknown>;

export const rowId = (row: PickRow, rowKey: string): string => String(row[rowKey]);

export const isPicked = (picked: PickRow[], row: PickRow, rowKey: string): boolean =>
  picked.some((p) => rowId(p, rowKey) === rowId(row, rowKey));

/** Adds the row, or removes it when already picked (order of picking kept). */
export function togglePick(picked: PickRow[], row: PickRow, rowKey: string): PickRow[] {
  return isPicked(picked, row, rowKey) ? picked.filter((p) => rowId(p, rowKey) !== rowId(row, rowKey)) : [...picked, row];
}

/** Picks or unpicks every row of the page at once. */
export function togglePage(picked: PickRow[], page: PickRow[], rowKey: string): PickRow[] {
  const allPicked = page.length > 0 && page.every((r) => isPicked(picked, r, rowKey));
  if (allPicked) return picked.filter((p) => !page.some((r) => rowId(r, rowKey) === rowId(p, rowKey)));
  return [...picked, ...page.filter((r) => !isPicked(picked, r, rowKey))];
}

/** Single mode accepts exactly one row (SPEC 5); multiple mode accepts any number. */
export const canSubmit = (picked: PickRow[], multiple: boolean): boolean => multiple || picked.length === 1;
