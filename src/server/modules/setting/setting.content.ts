import { DATA_SOURCES, fieldKeys, type DataSourceKind } from '@shared/dataSources';
import { placeholderPaths } from '@shared/label/placeholders';
import { RECORD_KEYS, type SettingSaveBody } from '@shared/api/setting';
import { BusinessError } from '../../lib/errors';

/** `items[0].name` and `items.0.name` → `items.name`: how a list item's field is named in the catalogue. */
const catalogueKey = (path: string) => path.replace(/\[\d+\]/g, '').split('.').filter((k) => k !== '' && !/^\d+$/.test(k)).join('.');

/** The placeholders of `contents` that name no field of the data source, each once, in order. */
export function unknownFields(source: DataSourceKind, contents: readonly string[]): string[] {
  const known = new Set(fieldKeys(source));
  const unknown = new Set<string>();
  for (const content of contents) {
    for (const path of placeholderPaths(content)) if (!known.has(catalogueKey(path))) unknown.add(path);
  }
  return [...unknown];
}

/**
 * The checks a kind's content needs beyond its schema; throws the first refusal. REPORT's file is checked
 * where it is uploaded (its placeholders are read from the .docx there).
 */
export function checkContent(body: SettingSaveBody): void {
  if (body.kind === 'LABEL') {
    const unknown = unknownFields(body.dataSource, body.content.details.map((d) => d.content));
    if (unknown.length) {
      throw new BusinessError(`标签内容中有数据源「${DATA_SOURCES[body.dataSource].name}」没有的字段：${unknown.map((p) => `{${p}}`).join('、')}`);
    }
  }
  if (body.kind === 'RECORD') {
    if (!Object.hasOwn(RECORD_KEYS, body.settingKey)) {
      throw new BusinessError(`记录内容设置的用途只能是：${Object.entries(RECORD_KEYS).map(([k, v]) => `${v}（${k}）`).join('、')}`);
    }
    const seen = new Set<string>();
    for (const f of body.content.fields) {
      if (seen.has(f.key)) throw new BusinessError(`参数错误：字段 ${f.key} 重复`);
      seen.add(f.key);
      if (f.required === 1 && f.show === 0) throw new BusinessError(`字段 ${f.key} 必填时必须显示`);
    }
  }
}
