import { Box, Chip, Stack } from '@mui/material';
import { DateField, RangePicker } from '@renderer/components/RangePicker';
import { columnFields, dateKindOf, storedDateFormat } from '../columnKinds';
import type { CellProps } from './cellProps';

const text = (v: unknown): string | null => (v === '' || v == null ? null : String(v));

/** year, month, date, week, datetime and timepicker: one value as text in valueFormat. */
export function DateCell({ col, row, disabled, error, onPatch }: CellProps) {
  return (
    <DateField
      kind={dateKindOf(col.type)}
      value={text(row[col.key])}
      format={col.format}
      valueFormat={storedDateFormat(col)}
      label={col.placeholder}
      disabled={disabled}
      error={!!error}
      fullWidth
      onChange={(v) => onPatch({ [col.key]: v ?? '' })}
    />
  );
}

/** dates, months and years: each picked value is added to the list (no duplicates), removable as a chip. */
export function MultiDateCell({ col, row, disabled, error, onPatch }: CellProps) {
  const values: string[] = Array.isArray(row[col.key]) ? (row[col.key] as string[]) : [];
  return (
    <Stack spacing={0.5}>
      <DateField
        kind={dateKindOf(col.type)}
        value={null}
        format={col.format}
        valueFormat={storedDateFormat(col)}
        label={col.placeholder}
        disabled={disabled}
        error={!!error}
        fullWidth
        onChange={(v) => v && !values.includes(v) && onPatch({ [col.key]: [...values, v].sort() })}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
        {values.map((v) => (
          <Chip key={v} size="small" label={v} onDelete={disabled ? undefined : () => onPatch({ [col.key]: values.filter((x) => x !== v) })} />
        ))}
      </Box>
    </Stack>
  );
}

/** daterange, datetimerange and monthrange: key names two fields ('startDate,endDate'), one per end. */
export function RangeCell({ col, row, disabled, error, onPatch }: CellProps) {
  const [startKey = '', endKey = ''] = columnFields(col);
  return (
    <RangePicker
      kind={dateKindOf(col.type)}
      value={[text(row[startKey]), text(row[endKey])]}
      format={col.format}
      valueFormat={storedDateFormat(col)}
      disabled={disabled}
      error={!!error}
      onChange={(v) => onPatch({ [startKey]: v?.[0] ?? '', [endKey]: v?.[1] ?? '' })}
    />
  );
}
