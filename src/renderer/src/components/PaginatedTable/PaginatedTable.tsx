import { useCallback, useEffect, useImperativeHandle, useMemo, useState, type Ref } from 'react';
import { Box, Paper } from '@mui/material';
import { DataGrid, type DataGridProps, type GridColDef, type GridRowId, type GridRowSelectionModel, type GridSortModel, type GridValidRowModel } from '@mui/x-data-grid';
import { zhCN, enUS } from '@mui/x-data-grid/locales';
import type { PageResult } from '@shared/api/schema';
import { useScreenState } from '@renderer/hooks/useScreenState';
import { useWidgetLanguage, useWidgetT } from '@renderer/hooks/useWidgetT';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, Pager } from './Pager';

/** What the table asks the server for: the list contract of SPEC 7. */
export interface PageParams {
  page: number;
  size: number;
  sidx?: string;
  order?: 'asc' | 'desc';
  [filter: string]: unknown;
}

/** A column as data: a DataGrid column, not sortable unless it says so; `sidx` names the sort field for the server when it differs. */
export type TableColumn<R extends GridValidRowModel> = GridColDef<R> & { sidx?: string };

/**
 * The RTK Query hook of a listPage endpoint, e.g. `warehouseApi.useWarehousePageQuery`. Typed loosely on
 * its argument (the table builds it from page, sort and filters).
 */
export type PageQueryHook<R> = (arg: never) => { data?: PageResult<R>; isFetching: boolean; refetch: () => unknown };

export interface TableHandle {
  /** Fetches the current page again with the current filters. */
  reload(): void;
  clearSelection(): void;
}

export interface PaginatedTableProps<R extends GridValidRowModel> {
  query: PageQueryHook<R>;
  columns: TableColumn<R>[];
  /** Sent with every request; a change goes back to page 1. Empty values ('' / null / undefined) are left out. */
  filters?: Record<string, unknown>;
  getRowId?: (row: R) => GridRowId;
  /** Checkbox row selection. */
  selectable?: boolean;
  onSelectionChange?: (rows: R[]) => void;
  pageSizes?: number[];
  defaultPageSize?: number;
  /**
   * Fixed height; 'fill' takes the height its flex parent leaves (the list page: one scroll area inside
   * the grid, the pager always in view); otherwise the table grows with its rows (never below 200 px).
   */
  height?: number | string | 'fill';
  /** Keeps page, size and sort per screen across tab switches. */
  stateKey?: string;
  /** data-testid of the table with its pager, for tests that look inside one list of several. */
  testId?: string;
  /** Passed to DataGrid as is (e.g. disableVirtualization in tests). */
  gridProps?: Partial<DataGridProps<R>>;
  ref?: Ref<TableHandle>;
}

/** Minimum table height of SPEC 9. */
export const MIN_TABLE_HEIGHT = 200;

interface Paging {
  page: number;
  size: number;
  sort: GridSortModel;
  /** The filters the page belongs to: new filters start again from page 1. */
  filterKey: string;
}

const present = (filters: Record<string, unknown> = {}) => Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== null && v !== ''));
const noSelection = (): GridRowSelectionModel => ({ type: 'include', ids: new Set() });
const EMPTY: PageResult<never> = { list: [], total: 0 };

/** The paginated table (SPEC 2, 9) on the server list contract: server paging and sorting, 暂无数据, compact. */
export function PaginatedTable<R extends GridValidRowModel>({ query, columns, filters, getRowId, selectable, onSelectionChange, pageSizes = PAGE_SIZES, defaultPageSize = DEFAULT_PAGE_SIZE, height, stateKey, testId, gridProps, ref }: PaginatedTableProps<R>) {
  const t = useWidgetT();
  const lang = useWidgetLanguage();
  const filterKey = JSON.stringify(present(filters));
  const [paging, setPaging] = useScreenState<Paging>(stateKey && `${stateKey}.paging`, { page: 1, size: defaultPageSize, sort: [], filterKey });
  const [selection, setSelection] = useState<GridRowSelectionModel>(noSelection);
  // New filters start again from page 1, derived in render so only one request (page 1) goes out; the
  // next paging action stores it.
  const current = paging.filterKey === filterKey ? paging : { ...paging, page: 1, filterKey };

  const sort = current.sort[0];
  const sortColumn = sort && columns.find((c) => c.field === sort.field);
  const params: PageParams = {
    page: current.page,
    size: current.size,
    ...(sort?.sort ? { sidx: sortColumn?.sidx ?? sort.field, order: sort.sort } : {}),
    ...(JSON.parse(filterKey) as Record<string, unknown>),
  };
  const { data, isFetching, refetch } = query(params as never);
  const result: PageResult<R> = data ?? EMPTY;
  // Another page, sort or filter: what was ticked on the old rows no longer applies.
  const paramsKey = JSON.stringify(params);
  useEffect(() => setSelection(noSelection()), [paramsKey]);

  const cols = useMemo(() => columns.map((c) => ({ ...c, sortable: c.sortable ?? false })), [columns]);
  const idOf = useCallback((row: R) => (getRowId ? getRowId(row) : (row.id as GridRowId)), [getRowId]);

  const changeSelection = (model: GridRowSelectionModel) => {
    setSelection(model);
    const chosen = result.list.filter((r) => (model.type === 'include' ? model.ids.has(idOf(r)) : !model.ids.has(idOf(r))));
    onSelectionChange?.(chosen);
  };

  useImperativeHandle(ref, () => ({
    reload: () => void refetch(),
    clearSelection: () => changeSelection(noSelection()),
  }));

  const localeText = { ...(lang === 'zh-CN' ? zhCN : enUS).components.MuiDataGrid.defaultProps.localeText, noRowsLabel: t('common.noData'), noResultsLabel: t('common.noData') };
  const fill = height === 'fill';
  const fixed = !fill && height !== undefined;

  return (
    <Paper variant="outlined" data-testid={testId} sx={{ display: 'flex', flexDirection: 'column', minHeight: MIN_TABLE_HEIGHT, ...(fill ? { flex: 1, minWidth: 0 } : { height }) }}>
      <Box sx={{ flex: 1, minHeight: MIN_TABLE_HEIGHT, ...(fill || fixed ? { overflow: 'hidden', position: 'relative' } : {}) }}>
        <DataGrid<R>
          rows={result.list}
          columns={cols}
          getRowId={getRowId}
          loading={isFetching}
          density="compact"
          localeText={localeText}
          // The grid shows whatever rows it gets; paging is ours (the MIT grid caps its own pages at 100 rows).
          paginationMode="server"
          paginationModel={{ page: 0, pageSize: 100 }}
          rowCount={result.list.length}
          hideFooter
          sortingMode="server"
          sortModel={current.sort}
          onSortModelChange={(m) => setPaging({ ...current, sort: m, page: 1 })}
          checkboxSelection={selectable}
          rowSelectionModel={selection}
          onRowSelectionModelChange={changeSelection}
          disableRowSelectionOnClick
          disableColumnMenu
          sx={{ border: 0, minHeight: MIN_TABLE_HEIGHT, ...(fill ? { position: 'absolute', inset: 0 } : fixed ? { height: '100%' } : {}) }}
          {...gridProps}
        />
      </Box>
      <Pager
        total={result.total}
        page={current.page}
        size={current.size}
        sizes={pageSizes}
        onChange={(page, size) => setPaging({ ...current, page, size })}
      />
    </Paper>
  );
}
