import { Stack, Typography } from '@mui/material';
import type { DateKind } from '@renderer/utils/dateFormats';
import { useWidgetT } from '@renderer/hooks/useWidgetT';
import { DateField } from './DateField';

export type RangeValue = [string | null, string | null];

export interface RangePickerProps {
  /** date (default), datetime, time, month, year or week range. */
  kind?: DateKind;
  /** [start, end] as text in valueFormat; null for empty. */
  value: RangeValue | null | undefined;
  onChange?: (value: RangeValue | null) => void;
  format?: string;
  valueFormat?: string;
  /** Placeholders; 开始日期 / 结束日期 (开始时间 / 结束时间 for time kinds) by default. */
  startPlaceholder?: string;
  endPlaceholder?: string;
  /** Separator; 至 by default. */
  rangeSeparator?: string;
  disabled?: boolean;
  error?: boolean;
  size?: 'small' | 'medium';
}

/** Two pickers joined by 至 (SPEC 2); the end cannot be before the start. */
export function RangePicker({ kind = 'date', value, onChange, format, valueFormat, startPlaceholder, endPlaceholder, rangeSeparator, disabled, error, size = 'small' }: RangePickerProps) {
  const t = useWidgetT();
  const timeKind = kind === 'time' || kind === 'datetime';
  const [start, end] = value ?? [null, null];
  const emit = (next: RangeValue) => onChange?.(next[0] === null && next[1] === null ? null : next);
  const field = { kind, format, valueFormat, disabled, error, size };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <DateField {...field} label={startPlaceholder ?? t(timeKind ? 'widget.startTime' : 'widget.startDate')} value={start} maxDate={kind === 'time' ? null : end} onChange={(v) => emit([v, end])} />
      <Typography component="span" sx={{ color: 'text.secondary', flex: 'none' }}>
        {rangeSeparator ?? t('widget.rangeTo')}
      </Typography>
      <DateField {...field} label={endPlaceholder ?? t(timeKind ? 'widget.endTime' : 'widget.endDate')} value={end} minDate={kind === 'time' ? null : start} onChange={(v) => emit([start, v])} />
    </Stack>
  );
}
