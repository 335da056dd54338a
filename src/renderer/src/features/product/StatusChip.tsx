import { Chip, type ChipProps } from '@mui/material';
import { useT } from '@renderer/i18n/useT';
import { statusColor, statusLabel } from '@renderer/utils/productStatus';

/** A status as a chip in its one colour (see statusColor); `label` replaces the status's name (e.g. with a count). */
export function StatusChip({ status, label, ...rest }: { status: number; label?: string } & Omit<ChipProps, 'label' | 'color'>) {
  const t = useT();
  const color = statusColor(status);
  return (
    <Chip {...rest} data-status={status} label={label ?? statusLabel(t, status)}
      sx={{ bgcolor: color, color: '#fff', ...rest.sx }} />
  );
}
