import dayjs, { type Dayjs } from 'dayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import { DEFAULT_FORMATS, toDayjsFormat, type DateKind } from '@renderer/utils/dateFormats';
import { PickerProvider } from './PickerProvider';

export interface DateFieldProps {
  kind?: DateKind;
  /** The value as text in valueFormat. */
  value: string | null | undefined;
  onChange?: (value: string | null) => void;
  /** Display format (dayjs or yyyy-MM-dd tokens); the kind's default otherwise. */
  format?: string;
  /** Format of the value handed to onChange; the display format otherwise. */
  valueFormat?: string;
  label?: string;
  placeholder?: string;
  disabled?: boolean;
  error?: boolean;
  helperText?: string;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  minDate?: string | null;
  maxDate?: string | null;
  name?: string;
}

const VIEWS = {
  date: undefined,
  datetime: undefined,
  time: undefined,
  month: ['year', 'month'] as const,
  year: ['year'] as const,
  week: undefined,
};

/** Parses `text` written in `format`, falling back to dayjs's own reading (ISO strings). */
export function parseIn(text: string | null | undefined, format: string): Dayjs | null {
  if (!text) return null;
  const strict = dayjs(text, format);
  const d = strict.isValid() ? strict : dayjs(text);
  return d.isValid() ? d : null;
}

/** One date, date-time, time, month, year or week value, as text. */
export function DateField({ kind = 'date', value, onChange, format, valueFormat, label, placeholder, disabled, error, helperText, size = 'small', fullWidth, minDate, maxDate, name }: DateFieldProps) {
  const display = toDayjsFormat(format ?? DEFAULT_FORMATS[kind]);
  const stored = toDayjsFormat(valueFormat ?? format ?? DEFAULT_FORMATS[kind]);
  const common = {
    value: parseIn(value, stored),
    onChange: (d: Dayjs | null) => onChange?.(d && d.isValid() ? (kind === 'week' ? d.startOf('week') : d).format(stored) : null),
    format: display,
    label,
    disabled,
    slotProps: { textField: { size, fullWidth, error, helperText, name, placeholder } },
  };
  const bounds = { minDate: parseIn(minDate, stored) ?? undefined, maxDate: parseIn(maxDate, stored) ?? undefined };
  return (
    <PickerProvider>
      {kind === 'datetime' ? (
        <DateTimePicker {...common} {...bounds} views={['year', 'month', 'day', 'hours', 'minutes', 'seconds']} ampm={false} />
      ) : kind === 'time' ? (
        <TimePicker {...common} views={['hours', 'minutes', 'seconds']} ampm={false} />
      ) : (
        <DatePicker {...common} {...bounds} views={VIEWS[kind] ? [...VIEWS[kind]] : undefined} />
      )}
    </PickerProvider>
  );
}
