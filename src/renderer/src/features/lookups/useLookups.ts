import { useMemo } from 'react';
import type { FieldOption } from '@renderer/components/Form';
import { SYSTEM_RULE_DEFAULTS, type SystemRules } from '@shared/api/systemRule';
import { DATA_SOURCE_KINDS, dataSourceName, isDataSourceKind } from '@shared/dataSources';
import { useLanguage } from '@renderer/i18n/useT';
import { lookupsApi } from './lookupsApi';

/** The entries of one server enumeration as select options. */
export function useEnumOptions(name: string): FieldOption[] {
  const { data } = lookupsApi.useEnumEntriesQuery({ name });
  return useMemo(() => (data ?? []).map((e) => ({ label: e.name, value: e.code })), [data]);
}

/**
 * Gases as options. Registration offers enabled ones only; filters pass includeDisabled, so a stopped gas
 * stays findable in lists (marked 已停用).
 */
export function useMaterialOptions(includeDisabled = false): FieldOption[] {
  const { data } = lookupsApi.useMaterialOptionsQuery(includeDisabled ? { includeDisabled: true } : {});
  return useMemo(() => (data ?? []).map((m) => ({ label: m.status === 0 ? `${m.materialName}（已停用）` : m.materialName, value: m.id })), [data]);
}

export function useWarehouseOptions(): FieldOption[] {
  const { data } = lookupsApi.useWarehouseOptionsQuery({});
  return useMemo(() => (data ?? []).map((w) => ({ label: w.warehouseName, value: w.id })), [data]);
}

/** Customers as options, told apart by their code as well as their name. */
export function useCustomerOptions(): FieldOption[] {
  const { data } = lookupsApi.useEnterpriseOptionsQuery({ type: '2' });
  return useMemo(() => (data ?? []).map((c) => ({ label: `${c.enterpriseName}（${c.enterpriseCode}）`, value: c.id })), [data]);
}

/** The system rules in force, or the defaults until they have loaded. */
export function useSystemRules(): SystemRules {
  const { data } = lookupsApi.useSystemRulesQuery();
  return data ?? SYSTEM_RULE_DEFAULTS;
}

/** The data sources of documents and labels in the UI's language: a source's name, and all of them as options. */
export function useDataSources(): { nameOf: (kind: string) => string; options: FieldOption[] } {
  const lang = useLanguage() === 'en' ? 'en' : 'zh';
  return useMemo(() => ({
    nameOf: (kind: string) => (isDataSourceKind(kind) ? dataSourceName(kind, lang) : kind),
    options: DATA_SOURCE_KINDS.map((k) => ({ label: dataSourceName(k, lang), value: k })),
  }), [lang]);
}

/** The label of a value among options, or the value itself. */
export const optionLabel = (options: FieldOption[], value: unknown): string => options.find((o) => o.value === value)?.label ?? String(value ?? '');
