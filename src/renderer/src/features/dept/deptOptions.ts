import type { DeptRow } from '@shared/api/user';
import type { FieldOption } from '@renderer/components/Form';

/** One ideographic space per level: HTML does not collapse it, so the indent shows in a select. */
const INDENT = '\u3000';

/**
 * The departments as select options, each under its parent and indented by its depth, in the list's
 * order (sort, id). `exclude` leaves out a department and everything below it (a department cannot
 * move under itself).
 */
export function deptOptions(rows: readonly DeptRow[], exclude?: number): FieldOption[] {
  const ids = new Set(rows.map((r) => r.id));
  const children = new Map<number | null, DeptRow[]>();
  for (const row of rows) {
    // A department whose parent is not in the list is shown at the top rather than lost.
    const parent = row.parentId !== null && ids.has(row.parentId) ? row.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), row]);
  }
  const out: FieldOption[] = [];
  const walk = (parent: number | null, depth: number) => {
    for (const row of children.get(parent) ?? []) {
      if (row.id === exclude) continue;
      out.push({ label: INDENT.repeat(depth) + row.deptName, value: row.id });
      walk(row.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}
