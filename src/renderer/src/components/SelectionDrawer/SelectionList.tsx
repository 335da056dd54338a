import { Checkbox, Table, TableBody, TableCell, TableContainer, TableHead, TablePagination, TableRow } from '@mui/material';
import { useWidgetT } from '@renderer/hooks/useWidgetT';
import { isPicked, rowId, type PickRow } from './selection';

export interface SelectionColumn {
  field: string;
  label: string;
}

interface Props {
  columns: SelectionColumn[];
  rows: PickRow[];
  total: number;
  /** 1-based page. */
  page: number;
  size: number;
  rowKey: string;
  nameKey: string;
  picked: PickRow[];
  onToggle: (row: PickRow) => void;
  onTogglePage: () => void;
  onPage: (page: number) => void;
}

/** The drawer's compact paged list with a checkbox per row. */
export function SelectionList({ columns, rows, total, page, size, rowKey, nameKey, picked, onToggle, onTogglePage, onPage }: Props) {
  const t = useWidgetT();
  const pickedOnPage = rows.filter((r) => isPicked(picked, r, rowKey)).length;
  return (
    <>
      <TableContainer sx={{ minHeight: 200 }}>
        <Table size="small" stickyHeader>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Checkbox
                  size="small"
                  checked={rows.length > 0 && pickedOnPage === rows.length}
                  indeterminate={pickedOnPage > 0 && pickedOnPage < rows.length}
                  onChange={onTogglePage}
                />
              </TableCell>
              {columns.map((c) => (
                <TableCell key={c.field}>{c.label}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length + 1} align="center">
                  {t('common.noData')}
                </TableCell>
              </TableRow>
            )}
            {rows.map((row) => (
              <TableRow key={rowId(row, rowKey)} hover onClick={() => onToggle(row)} sx={{ cursor: 'pointer' }}>
                <TableCell padding="checkbox">
                  <Checkbox
                    size="small"
                    checked={isPicked(picked, row, rowKey)}
                    slotProps={{ input: { 'aria-label': t('selectionDrawer.selectRow', { name: String(row[nameKey] ?? rowId(row, rowKey)) }) } }}
                    onClick={(e) => e.stopPropagation()}
                    onChange={() => onToggle(row)}
                  />
                </TableCell>
                {columns.map((c) => (
                  <TableCell key={c.field}>{String(row[c.field] ?? '')}</TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={total}
        page={Math.max(0, page - 1)}
        rowsPerPage={size}
        rowsPerPageOptions={[size]}
        onPageChange={(_e, p) => onPage(p + 1)}
      />
    </>
  );
}
