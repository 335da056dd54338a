import type { RecordContent, RecordKey } from '@shared/api/setting';
import { RECORD_FIELDS } from '@shared/recordFields';

/**
 * How 记录建模 offers a record's field: `measured` ones (a weight, a pressure, the scale) are always on the
 * station, only whether they must be there is chosen; `fixed` ones the record always requires.
 */
const KIND: Record<string, 'measured' | 'fixed' | undefined> = {
  filledWeight: 'measured', filledPressure: 'measured', scale: 'measured', grossWeight: 'fixed',
};

export interface FieldRule { key: string; name: string; show: boolean; required: boolean; fixed: boolean; measured: boolean }

/** The record's fields (src/shared/recordFields.ts) with the plant's setting applied (a field it does not name: shown, optional). */
export function recordRules(key: RecordKey, content: RecordContent | null | undefined): FieldRule[] {
  return RECORD_FIELDS[key].map((f) => {
    const set = content?.fields.find((x) => x.key === f.key);
    const fixed = KIND[f.key] === 'fixed';
    const measured = KIND[f.key] === 'measured';
    return { key: f.key, name: f.name, fixed, measured, show: fixed || measured || !set || set.show === 1, required: fixed || set?.required === 1 };
  });
}
