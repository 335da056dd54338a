import { memo } from 'react';
import { FormHelperText, TableCell, TableRow as MuiTableRow } from '@mui/material';
import { cellDisabled } from './columnKinds';
import { CellEditor } from './cells/renderCell';
import type { OperationKind, TableColumn, TableRow } from './types';

interface Props {
  columns: TableColumn[];
  row: TableRow;
  index: number;
  number: number;
  canUp: boolean;
  canDown: boolean;
  disabled: boolean;
  errors?: Record<string, string>;
  onPatch: (index: number, patch: Record<string, unknown>) => void;
  onOperate: (kind: OperationKind, index: number) => void;
}

/** One row of the table form; child rows are indented by their depth in the first column. */
export const TableFormRow = memo(function TableFormRow({ columns, row, index, number, canUp, canDown, disabled, errors, onPatch, onOperate }: Props) {
  return (
    <MuiTableRow data-depth={row.__parentNode} data-node-id={row.__nodeId}>
      {columns.map((col, c) => {
        const error = errors?.[col.key];
        return (
          <TableCell key={col.key} data-cell={`${index}:${col.key}`} sx={{ verticalAlign: 'top', minWidth: col.width, width: col.width, ...(c === 0 ? { pl: 1 + row.__parentNode * 3 } : {}) }}>
            <CellEditor
              col={col}
              row={row}
              index={index}
              disabled={disabled || cellDisabled(col, row)}
              error={error}
              onPatch={(patch) => onPatch(index, patch)}
              number={number}
              canUp={canUp}
              canDown={canDown}
              onOperate={(kind) => onOperate(kind, index)}
            />
            {error && <FormHelperText error>{error}</FormHelperText>}
          </TableCell>
        );
      })}
    </MuiTableRow>
  );
});
