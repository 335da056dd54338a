import type { AreaNode } from '@shared/api/area';
import type { FieldOption, FormValues } from '@renderer/components/Form';

/** 所在地区 as three selects (province → city → district) over the division tree; the deepest chosen is the code. */
export const AREA_KEYS = ['areaProvince', 'areaCity', 'areaDistrict'] as const;

export const areaOptions = (nodes: AreaNode[] | undefined): FieldOption[] => (nodes ?? []).map((n) => ({ label: n.name, value: n.code }));
export const childrenOf = (nodes: AreaNode[] | undefined, code: unknown): AreaNode[] | undefined => nodes?.find((n) => n.code === code)?.children;

/** The province, city and district codes down to `code` (nulls where it stops, all null when it is not in the tree). */
export function areaPath(tree: AreaNode[], code: string | null | undefined): FormValues {
  const walk = (nodes: AreaNode[] | undefined, path: string[]): string[] | null => {
    for (const n of nodes ?? []) {
      if (n.code === code) return [...path, n.code];
      const found = walk(n.children, [...path, n.code]);
      if (found) return found;
    }
    return null;
  };
  const path = code ? (walk(tree, []) ?? []) : [];
  return Object.fromEntries(AREA_KEYS.map((k, i) => [k, path[i] ?? null]));
}

/** The code saved: the district, else the city, else the province; null when none is chosen. */
export function areaCodeOf(v: FormValues): string | null {
  for (const k of [...AREA_KEYS].reverse()) {
    const code = v[k];
    if (typeof code === 'string' && code) return code;
  }
  return null;
}

/** A new province clears city and district; a new city clears the district. */
export function cascadeArea(prev: FormValues, next: FormValues): FormValues {
  if (next.areaProvince !== prev.areaProvince) return { ...next, areaCity: null, areaDistrict: null };
  if (next.areaCity !== prev.areaCity) return { ...next, areaDistrict: null };
  return next;
}
