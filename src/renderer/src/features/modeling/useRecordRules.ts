import type { RecordKey } from '@shared/api/setting';
import { useT } from '@renderer/i18n/useT';
import { modelingApi } from './modelingApi';
import { recordRules, type FieldRule } from './recordFields';

export interface RecordRules {
  /** The rule of a field of the record (shown by default where the plant saved none). */
  rule: (field: string) => FieldRule;
  /** The message refusing a record whose required field is empty, or null when every required field is filled. */
  refusal: (values: Record<string, unknown>, submit?: boolean) => string | null;
}

const empty = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');

/**
 * What the plant's 记录内容设置 says of a station's record: which fields show and which must be filled.
 * The station refuses a record missing a required field before sending it; the server refuses it too.
 */
export function useRecordRules(key: RecordKey): RecordRules {
  const t = useT();
  // Read by every operator (no modeling:view needed): the same setting the server enforces on the record.
  const { data: content } = modelingApi.useRecordRulesQuery({ key });
  const rules = recordRules(key, content ?? null);
  const rule = (field: string): FieldRule => rules.find((r) => r.key === field) ?? { key: field, name: field, show: true, required: false, fixed: false, measured: false };
  const refusal = (values: Record<string, unknown>, submit = false) => {
    const missing = rules.find((r) => r.required && !r.fixed && r.key in values && empty(values[r.key]));
    return missing ? t(submit ? 'modeling.requiredEmptySubmit' : 'modeling.requiredEmpty', { field: missing.name }) : null;
  };
  return { rule, refusal };
}
