import { useMemo, type ReactNode } from 'react';
import { Button, Stack } from '@mui/material';
import { Form, type FormField, type FormValues } from '@renderer/components/Form';
import { useScreenState } from '@renderer/hooks/useScreenState';
import { useWidgetT } from '@renderer/hooks/useWidgetT';

export interface ListFilters {
  /** What the filter bar shows, being edited. */
  draft: FormValues;
  setDraft: (values: FormValues) => void;
  /** What the list was last searched with. */
  applied: FormValues;
  search: (values: FormValues) => void;
  /** Sets some values in both (a status tab chosen beside the bar). */
  patch: (values: FormValues) => void;
  reset: () => void;
}

/**
 * The filters of a list screen: typed (draft) and searched (applied) values, kept per screen so they
 * survive a switch of tabs. 重置 goes back to `initial`.
 */
export function useListFilters(initial: FormValues = {}, name = 'filters'): ListFilters {
  const [draft, setDraft] = useScreenState<FormValues>(`${name}.draft`, initial);
  const [applied, setApplied] = useScreenState<FormValues>(`${name}.applied`, initial);
  return {
    draft,
    setDraft,
    applied,
    search: (values) => (setDraft(values), setApplied(values)),
    patch: (values) => (setDraft((d) => ({ ...d, ...values })), setApplied((a) => ({ ...a, ...values }))),
    reset: () => (setDraft(initial), setApplied(initial)),
  };
}

export interface FilterBarProps {
  fields: FormField[];
  filters: ListFilters;
  /** The screen's buttons (新增, 导入, 导出) on the row of 查询 and 重置. */
  actions?: ReactNode;
  /** Columns out of 24 per field (6: four per row). */
  defaultSpan?: number;
}

/** A filter bar built from field definitions: Enter or 查询 searches, 重置 clears; selects offer 全部. */
export function FilterBar({ fields, filters, actions, defaultSpan = 6 }: FilterBarProps) {
  const t = useWidgetT();
  const withAll = useMemo(() => fields.map((f) => (f.type === 'select' && !f.multiple ? { clearable: true, ...f } : f)), [fields]);
  return (
    <Form fields={withAll} values={filters.draft} onChange={filters.setDraft} onSubmit={filters.search} defaultSpan={defaultSpan}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained">{t('common.query')}</Button>
        <Button onClick={filters.reset}>{t('common.reset')}</Button>
        {actions}
      </Stack>
    </Form>
  );
}
