import { useEffect, useState } from 'react';
import type { EnumEntry } from '@shared/api/enum';
import type { FieldOption } from '@renderer/components/Form';
import { http } from '@renderer/http/client';

/** The entries of one server enumeration (GET /api/enum/dropDown/{name}) as select options. */
export function useEnumOptions(name: string): FieldOption[] {
  const [options, setOptions] = useState<FieldOption[]>([]);
  useEffect(() => {
    let live = true;
    http
      .get<EnumEntry[]>(`/enum/dropDown/${name}`)
      .then((entries) => live && setOptions((entries ?? []).map((e) => ({ label: e.name, value: e.code }))))
      .catch(() => undefined);
    return () => void (live = false);
  }, [name]);
  return options;
}

/** The label of a code among options, or the code itself. */
export const optionLabel = (options: FieldOption[], code: unknown): string => options.find((o) => o.value === code)?.label ?? String(code ?? '');
