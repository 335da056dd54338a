import type { ReactNode } from 'react';
import { Stack } from '@mui/material';
import type { GridValidRowModel } from '@mui/x-data-grid';
import type { FormField } from '@renderer/components/Form';
import { PaginatedTable, type PaginatedTableProps } from '@renderer/components/PaginatedTable';
import { FilterBar, type ListFilters } from './FilterBar';

export interface ListPageProps<R extends GridValidRowModel> extends Omit<PaginatedTableProps<R>, 'filters' | 'height' | 'stateKey'> {
  /** The filter bar's fields. */
  fields: FormField[];
  filters: ListFilters;
  /** The list contract's filters from the applied values (default: the applied values as they are). */
  toQuery?: (applied: ListFilters['applied']) => Record<string, unknown>;
  /** Buttons beside 查询 / 重置. */
  actions?: ReactNode;
  /** Between the filter bar and the table (status tabs). */
  above?: ReactNode;
  /** Dialogs and drawers of the screen. */
  children?: ReactNode;
  filterSpan?: number;
}

/**
 * A list screen: filter bar, table and pager in the height the window gives, the table scrolling inside
 * itself (one scroll area) so the pager and the row actions stay in view at 1200×800.
 */
export function ListPage<R extends GridValidRowModel>({ fields, filters, toQuery, actions, above, children, filterSpan, ...table }: ListPageProps<R>) {
  return (
    <Stack spacing={1} sx={{ flex: 1, minHeight: 0, minWidth: 0 }}>
      <FilterBar fields={fields} filters={filters} actions={actions} defaultSpan={filterSpan} />
      {above}
      <PaginatedTable<R> {...table} filters={toQuery ? toQuery(filters.applied) : filters.applied} height="fill" stateKey="table" />
      {children}
    </Stack>
  );
}
