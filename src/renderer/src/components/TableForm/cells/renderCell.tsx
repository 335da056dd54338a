import { Checkbox, Typography } from '@mui/material';
import { useWidgetT } from '@renderer/hooks/useWidgetT';
import { labelsOf, pathLabels } from '../columnKinds';
import type { OperationKind } from '../types';
import { CascaderCell } from './CascaderCell';
import type { CellProps } from './cellProps';
import { CheckboxCell, RadioCell, SwitchCell } from './ChoiceCells';
import { DateCell, MultiDateCell, RangeCell } from './DateCells';
import { NumberCell } from './NumberCell';
import { OperationCell } from './OperationCell';
import { SelectCell } from './SelectCell';
import { SelectTableInputCell } from './SelectTableInputCell';
import { TextCell } from './TextCell';

/** static: the value as text; with a source, the option label(s) instead. */
function StaticCell({ col, row }: CellProps) {
  const v = row[col.key];
  const values = Array.isArray(v) ? v : [v];
  const text = col.type === 'static' && col.source ? labelsOf(col, values) || pathLabels(col, values) : values.filter((x) => x != null).join(',');
  return <Typography variant="body2">{text}</Typography>;
}

/** selection: the row's checkbox, writing row.isSelected. */
function SelectionCell({ row, index, disabled, onPatch }: CellProps) {
  const t = useWidgetT();
  return (
    <Checkbox
      size="small"
      checked={!!row.isSelected}
      disabled={disabled}
      onChange={(_e, checked) => onPatch({ isSelected: checked })}
      slotProps={{ input: { 'aria-label': t('tableForm.selectRow', { n: index + 1 }) } }}
    />
  );
}

export interface RowContext {
  /** 1-based number shown by index columns. */
  number: number;
  canUp: boolean;
  canDown: boolean;
  onOperate: (kind: OperationKind) => void;
}

/** The editor of one cell, by column type. */
export function CellEditor(props: CellProps & RowContext) {
  switch (props.col.type) {
    case 'index':
      return <Typography variant="body2">{props.number}</Typography>;
    case 'static':
      return <StaticCell {...props} />;
    case 'selection':
      return <SelectionCell {...props} />;
    case 'text':
    case 'password':
    case 'textarea':
      return <TextCell {...props} />;
    case 'number':
    case 'InputNumber':
      return <NumberCell {...props} />;
    case 'select':
      return <SelectCell {...props} />;
    case 'radio':
      return <RadioCell {...props} />;
    case 'checkbox':
      return <CheckboxCell {...props} />;
    case 'switch':
      return <SwitchCell {...props} />;
    case 'cascader':
      return <CascaderCell {...props} />;
    case 'SelectTableInput':
      return <SelectTableInputCell {...props} />;
    case 'daterange':
    case 'datetimerange':
    case 'monthrange':
      return <RangeCell {...props} />;
    case 'dates':
    case 'months':
    case 'years':
      return <MultiDateCell {...props} />;
    case 'year':
    case 'month':
    case 'date':
    case 'week':
    case 'datetime':
    case 'timepicker':
      return <DateCell {...props} />;
    case 'operation':
      return <OperationCell {...props} />;
  }
}
