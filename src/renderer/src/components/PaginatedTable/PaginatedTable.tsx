import { useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState, type Ref } from 'react';
import { Box, Paper } from '@mui/material';
import { DataGrid, type DataGridProps, type GridColDef, type GridRowId, type GridRowSelectionModel, type GridSortModel, type GridValidRowModel } from '@mui/x-data-grid';
import { zhCN, enUS } from '@mui/x-data-grid/locales';
import type { PageResult } from '@shared/api/envelope';
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

export interface TableHandle {
  /** Fetches the current page again with the current filters. */
  reload(): void;
  clearSelection(): void;
}

export interface PaginatedTableProps<R extends GridValidRowModel> {
  fetchPage: (params: PageParams) => Promise<PageResult<R>>;
  columns: TableColumn<R>[];
  /** Sent with every request; a change goes back to page 1 and fetches. Empty values ('' / null / undefined) are left out. */
  filters?: Record<string, unknown>;
  getRowId?: (row: R) => GridRowId;
  /** Checkbox row selection. */
  selectable?: boolean;
  onSelectionChange?: (rows: R[]) => void;
  pageSizes?: number[];
  defaultPageSize?: number;
  /** Fixed height; otherwise the table grows with its rows (never below 200 px). */
  height?: number | string;
  /** Passed to DataGrid as is (e.g. disableVirtualization in tests). */
  gridProps?: Partial<DataGridProps<R>>;
  ref?: Ref<TableHandle>;
}

/** Minimum table height of SPEC 9. */
export const MIN_TABLE_HEIGHT = 200;

const present = (filters: Record<string, unknown> = {}) => Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== null && v !== ''));
const noSelection = (): GridRowSelectionModel => ({ type: 'include', ids: new Set() });

/** The paginated table (SPEC 2, 9) on the server list contract: server paging and sorting, 暂无数据, compact. */
export function PaginatedTable<R extends GridValidRowModel>({ fetchPage, columns, filters, getRowId, selectable, onSelectionChange, pageSizes = PAGE_SIZES, defaultPageSize = DEFAULT_PAGE_SIZE, height, gridProps, ref }: PaginatedTableProps<R>) {
  const t = useWidgetT();
  const lang = useWidgetLanguage();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(defaultPageSize);
  const [sortModel, setSortModel] = useState<GridSortModel>([]);
  const [result, setResult] = useState<PageResult<R>>({ list: [], total: 0 });
  const [loading, setLoading] = useState(false);
  const [selection, setSelection] = useState<GridRowSelectionModel>(noSelection);
  const [reloads, setReloads] = useState(0);
  const filterKey = JSON.stringify(present(filters));
  const requestNo = useRef(0);
  const fetchRef = useRef(fetchPage);
  fetchRef.current = fetchPage;

  const cols = useMemo(() => columns.map((c) => ({ ...c, sortable: c.sortable ?? false })), [columns]);

  // New filters start again from page 1: state adjusted during render, so React re-renders before
  // committing and only one request (page 1, new filters) goes out.
  const [appliedFilterKey, setAppliedFilterKey] = useState(filterKey);
  if (appliedFilterKey !== filterKey) {
    setAppliedFilterKey(filterKey);
    setPage(1);
  }

  useEffect(() => {
    const no = ++requestNo.current;
    const sort = sortModel[0];
    const column = sort && columns.find((c) => c.field === sort.field);
    const params: PageParams = {
      page,
      size,
      ...(sort?.sort ? { sidx: column?.sidx ?? sort.field, order: sort.sort } : {}),
      ...JSON.parse(appliedFilterKey),
    };
    setLoading(true);
    setSelection(noSelection());
    fetchRef
      .current(params)
      .then((r) => no === requestNo.current && setResult({ list: r?.list ?? [], total: r?.total ?? 0 }))
      .catch(() => no === requestNo.current && setResult({ list: [], total: 0 }))
      .finally(() => no === requestNo.current && setLoading(false));
    // columns only matter for the sidx of the sorted one, read when sorting changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page, size, sortModel, appliedFilterKey, reloads]);

  const idOf = useCallback((row: R) => (getRowId ? getRowId(row) : (row.id as GridRowId)), [getRowId]);

  const changeSelection = (model: GridRowSelectionModel) => {
    setSelection(model);
    const chosen = result.list.filter((r) => (model.type === 'include' ? model.ids.has(idOf(r)) : !model.ids.has(idOf(r))));
    onSelectionChange?.(chosen);
  };

  useImperativeHandle(ref, () => ({
    reload: () => setReloads((n) => n + 1),
    clearSelection: () => changeSelection(noSelection()),
  }));

  const localeText = { ...(lang === 'zh-CN' ? zhCN : enUS).components.MuiDataGrid.defaultProps.localeText, noRowsLabel: t('common.noData'), noResultsLabel: t('common.noData') };

  return (
    <Paper variant="outlined" sx={{ display: 'flex', flexDirection: 'column', height, minHeight: MIN_TABLE_HEIGHT }}>
      <Box sx={{ flex: 1, minHeight: MIN_TABLE_HEIGHT, ...(height ? { overflow: 'hidden' } : {}) }}>
        <DataGrid<R>
          rows={result.list}
          columns={cols}
          getRowId={getRowId}
          loading={loading}
          density="compact"
          localeText={localeText}
          // The grid shows whatever rows it gets; paging is ours (the MIT grid caps its own pages at 100 rows).
          paginationMode="server"
          paginationModel={{ page: 0, pageSize: 100 }}
          rowCount={result.list.length}
          hideFooter
          sortingMode="server"
          sortModel={sortModel}
          onSortModelChange={(m) => {
            setSortModel(m);
            setPage(1);
          }}
          checkboxSelection={selectable}
          rowSelectionModel={selection}
          onRowSelectionModelChange={changeSelection}
          disableRowSelectionOnClick
          disableColumnMenu
          sx={{ border: 0, minHeight: MIN_TABLE_HEIGHT, ...(height ? { height: '100%' } : {}) }}
          {...gridProps}
        />
      </Box>
      <Pager
        total={result.total}
        page={page}
        size={size}
        sizes={pageSizes}
        onChange={(p, s) => {
          setPage(p);
          setSize(s);
        }}
      />
    </Paper>
  );
}
