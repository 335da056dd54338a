import { DATA_SOURCES, type DataSourceKind } from '@shared/dataSources';

/** Data whose every field holds its own name (`[气瓶编码]`): the canvas shows what a text prints, not a value. */
export function fieldNameData(source: DataSourceKind): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const f of DATA_SOURCES[source].fields) {
    const keys = f.contentKey.split('.');
    let node = root;
    for (const k of keys.slice(0, -1)) node = (node[k] ??= {}) as Record<string, unknown>;
    const last = keys[keys.length - 1]!;
    node[last] = f.type === 'list' ? [Object.fromEntries((f.fields ?? []).map((s) => [s.contentKey, `[${f.contentName}·${s.contentName}]`]))] : `[${f.contentName}]`;
  }
  return root;
}
