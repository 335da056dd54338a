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
  /**
   * Where the table keeps its page, size and sort across tab switches ('table'). Two lists of one
   * screen (two panes, or the tabs of a screen) need a key each, or paging one pages the other.
   */
  stateKey?: string;
  /**
   * 'fill' (default): the list takes the height its flex parent leaves, the rows scrolling inside the
   * table. 'auto': the table grows with its page, for a list below a station where the screen is the
   * scroll area. A number or CSS length: that fixed height.
   */
  height?: number | string | 'fill' | 'auto';
}

/**
 * A list screen: filter bar, table and pager in the height the window gives, the table scrolling inside
 * itself (one scroll area) so the pager and the row actions stay in view at 1200×800.
 */
export function ListPage<R extends GridValidRowModel>({
  fields, filters, toQuery, actions, above, children, filterSpan, stateKey = 'table', height = 'fill', ...table
}: ListPageProps<R>) {
  const fill = height === 'fill';
  return (
    <Stack spacing={1} sx={{ minWidth: 0, ...(fill ? { flex: 1, minHeight: 0 } : {}) }}>
      <FilterBar fields={fields} filters={filters} actions={actions} defaultSpan={filterSpan} />
      {above}
      <PaginatedTable<R> {...table} filters={toQuery ? toQuery(filters.applied) : filters.applied}
        height={height === 'auto' ? undefined : height} stateKey={stateKey} />
      {children}
    </Stack>
  );
}
