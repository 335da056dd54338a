import type { RecordContent, RecordKey } from '@shared/api/setting';

/** A field of a station's record a RECORD setting can show or require. */
export interface RecordFieldDef {
  key: string;
  name: string;
  /** Shown when the plant has saved no setting. */
  show: boolean;
  /** Always required by the record itself: the setting cannot make it optional. */
  fixed?: boolean;
}

/** The optional fields each station's record has (FillingBody, TestResultBody, MetageBody). */
export const RECORD_FIELDS: Record<RecordKey, readonly RecordFieldDef[]> = {
  FILLING: [
    { key: 'lotNo', name: '充装批号', show: true },
  ],
  INSPECTION: [
    { key: 'remark', name: '备注', show: true },
  ],
  REWEIGH: [
    { key: 'grossWeight', name: '毛重', show: true, fixed: true },
  ],
};

export interface FieldRule { key: string; name: string; show: boolean; required: boolean; fixed: boolean }

/** The record's fields with the plant's setting applied (a field the setting does not name keeps its default). */
export function recordRules(key: RecordKey, content: RecordContent | null | undefined): FieldRule[] {
  return RECORD_FIELDS[key].map((f) => {
    const set = content?.fields.find((x) => x.key === f.key);
    return { key: f.key, name: f.name, fixed: !!f.fixed, show: set ? set.show === 1 || !!f.fixed : f.show, required: !!f.fixed || set?.required === 1 };
  });
}
