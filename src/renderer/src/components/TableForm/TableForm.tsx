import { useImperativeHandle, useMemo, type Ref } from 'react';
import { Box, Button, Table, TableBody, TableCell, TableContainer, TableHead, TableRow as MuiTableRow } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useWidgetT } from '@renderer/hooks/useWidgetT';
import { canMoveDown, canMoveUp } from './rowModel';
import { TableFormRow } from './TableFormRow';
import type { ChangeReason, TableColumn, TableRow, ValidateResult } from './types';
import { useTableRows } from './useTableRows';

export interface TableFormHandle {
  /** Checks every row (SPEC 5): marks failing fields, toasts the joined message, emits onValidate and a validate change. */
  validate: () => ValidateResult;
  getRows: () => TableRow[];
  /** Replaces the rows (missing bookkeeping fields filled in); emits a change. */
  setRows: (rows: Partial<TableRow>[]) => void;
  /** Same as 新增: appends a row with the columns' defaults; emits add. */
  addRow: () => void;
}

export interface TableFormProps {
  columns: TableColumn[];
  /** Controlled rows: a new array (other than the last one emitted) replaces the rows. */
  value?: Partial<TableRow>[];
  /** Uncontrolled initial rows. */
  defaultValue?: Partial<TableRow>[];
  /** Every change of the rows with its reason: init, add, delete, order, change, validate. */
  onChange?: (rows: TableRow[], reason: ChangeReason) => void;
  onValidate?: (result: ValidateResult) => void;
  /** Disables every input and button. */
  disabled?: boolean;
  /** Shows the 新增 button above the table (default true). */
  addable?: boolean;
  ref?: Ref<TableFormHandle>;
}

/** The editable table form (SPEC 2, 3, 5): rows with per-column inputs declared as data. */
export function TableForm({ columns, value, defaultValue, onChange, onValidate, disabled = false, addable = true, ref }: TableFormProps) {
  const t = useWidgetT();
  const { rows, errors, patchRow, operate, addRow, setRows, validate, getRows } = useTableRows({ columns, value, defaultValue, onChange, onValidate });
  useImperativeHandle(ref, () => ({ validate, getRows, setRows, addRow }), [validate, getRows, setRows, addRow]);

  // index columns count rows among their siblings: top-level 1, 2, …; each parent's children again 1, 2, ….
  const numbers = useMemo(() => {
    const counters: number[] = [];
    const labels: number[] = [];
    rows.forEach((r, i) => {
      counters.length = r.__parentNode + 1;
      const n = (counters[r.__parentNode] ?? 0) + 1;
      counters[r.__parentNode] = n;
      labels[i] = n;
    });
    return labels;
  }, [rows]);

  return (
    <Box>
      {addable && (
        <Button size="small" variant="contained" startIcon={<AddIcon />} disabled={disabled} onClick={addRow} sx={{ mb: 1 }}>
          {t('tableForm.add')}
        </Button>
      )}
      <TableContainer>
        <Table size="small">
          <TableHead>
            <MuiTableRow>
              {columns.map((col) => (
                <TableCell key={col.key} sx={{ whiteSpace: 'nowrap' }}>
                  {col.rule?.some((r) => r.required) && (
                    <Box component="span" sx={{ color: 'error.main', mr: 0.25 }} aria-hidden>
                      *
                    </Box>
                  )}
                  {col.label || (col.type === 'index' ? t('tableForm.index') : '')}
                </TableCell>
              ))}
            </MuiTableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 && (
              <MuiTableRow>
                <TableCell colSpan={columns.length} align="center" sx={{ color: 'text.secondary' }}>
                  {t('common.noData')}
                </TableCell>
              </MuiTableRow>
            )}
            {rows.map((row, i) => (
              <TableFormRow
                key={row.__nodeId}
                columns={columns}
                row={row}
                index={i}
                number={numbers[i]!}
                canUp={canMoveUp(rows, i)}
                canDown={canMoveDown(rows, i)}
                disabled={disabled}
                errors={errors[row.__nodeId]}
                onPatch={patchRow}
                onOperate={operate}
              />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
