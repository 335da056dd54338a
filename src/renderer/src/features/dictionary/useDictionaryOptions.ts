import { useMemo } from 'react';
import type { SeededDictionaryType } from '@shared/api/dictionary';
import type { FieldOption } from '@renderer/components/Form';
import { dictionaryApi } from './dictionaryApi';

/**
 * The enabled entries of a dictionary type as suggestions (label dataName, value dataValue), for an
 * 'autocomplete' field: a form still takes any text when the type has no entries or cannot be read.
 */
export function useDictionaryOptions(typeCode: SeededDictionaryType | (string & {})): FieldOption[] {
  const { data } = dictionaryApi.useDictionaryEntriesQuery({ type: typeCode });
  return useMemo(() => (data ?? []).map((e) => ({ label: e.dataName, value: e.dataValue })), [data]);
}
