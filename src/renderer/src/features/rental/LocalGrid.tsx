import { Box } from '@mui/material';
import { DataGrid, type GridColDef, type GridValidRowModel } from '@mui/x-data-grid';
import { zhCN, enUS } from '@mui/x-data-grid/locales';
import { useWidgetLanguage, useWidgetT } from '@renderer/hooks/useWidgetT';

/**
 * Rows already in hand (a statement's lines: up to a customer's whole holding) paged in the browser, 50 or 100 at a
 * time, so a statement of ten thousand cylinders still draws one page. Each row carries its own `rowId`.
 */
export function LocalGrid<R extends GridValidRowModel & { rowId: number }>({ rows, columns, testId }: { rows: R[]; columns: GridColDef<R>[]; testId?: string }) {
  const lang = useWidgetLanguage();
  const t = useWidgetT();
  const localeText = { ...(lang === 'zh-CN' ? zhCN : enUS).components.MuiDataGrid.defaultProps.localeText, noRowsLabel: t('common.noData') };
  return (
    <Box sx={{ height: 400 }} data-testid={testId}>
      <DataGrid<R> rows={rows} columns={columns} getRowId={(r) => r.rowId} density="compact" disableColumnMenu disableRowSelectionOnClick
        initialState={{ pagination: { paginationModel: { pageSize: 50, page: 0 } } }} pageSizeOptions={[50, 100]} localeText={localeText} />
    </Box>
  );
}
