import { Button, Stack } from '@mui/material';
import { useWidgetT } from '@renderer/hooks/useWidgetT';
import type { MessageKey } from '@renderer/i18n/messages';
import { decidedDisabled } from '../columnKinds';
import type { OperationKind } from '../types';
import type { CellProps } from './cellProps';

const LABELS: Record<OperationKind, MessageKey> = {
  copy: 'tableForm.copy',
  delete: 'tableForm.delete',
  up: 'tableForm.up',
  down: 'tableForm.down',
  addChild: 'tableForm.addChild',
};

interface Props extends CellProps {
  canUp: boolean;
  canDown: boolean;
  onOperate: (kind: OperationKind) => void;
}

/**
 * operation: the column's buttons in order. Built-ins (copy, delete, up, down, addChild) act on the row;
 * a custom button calls its onClick(row, index). up is disabled without a previous sibling (the first row),
 * down without a next one (the last row); disabledDecide of the column or of a custom button disables too.
 */
export function OperationCell({ col, row, index, disabled, canUp, canDown, onOperate }: Props) {
  const t = useWidgetT();
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
      {(col.buttons ?? []).map((b, i) =>
        typeof b === 'string' ? (
          <Button key={b} size="small" disabled={disabled || (b === 'up' && !canUp) || (b === 'down' && !canDown)} color={b === 'delete' ? 'error' : 'primary'} onClick={() => onOperate(b)}>
            {t(LABELS[b])}
          </Button>
        ) : (
          <Button key={`custom-${i}`} size="small" disabled={disabled || decidedDisabled(row, b.disabledDecide)} onClick={() => b.onClick(row, index)}>
            {b.label}
          </Button>
        ),
      )}
    </Stack>
  );
}
