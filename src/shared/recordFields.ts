import type { RecordKey } from './api/setting';

/**
 * The fields of each station's record a RECORD setting (记录内容设置) can show and require, by the body key
 * the station sends. The server refuses a record whose required field is empty, naming it.
 */
export const RECORD_FIELDS: Record<RecordKey, ReadonlyArray<{ key: string; name: string }>> = {
  FILLING: [
    { key: 'lotNo', name: '充装批号' },
    { key: 'filledWeight', name: '充装量' },
    { key: 'filledPressure', name: '充装压力' },
  ],
  INSPECTION: [{ key: 'remark', name: '备注' }],
  REWEIGH: [{ key: 'grossWeight', name: '毛重' }, { key: 'scale', name: '电子秤' }],
};

export const recordFieldName = (record: RecordKey, key: string): string => RECORD_FIELDS[record].find((f) => f.key === key)?.name ?? key;
