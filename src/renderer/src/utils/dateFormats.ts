/**
 * Default date formats (SPEC 9: yyyy-MM-dd; datetime yyyy-MM-dd HH:mm:ss; time HH:mm:ss), in dayjs tokens.
 * The range picker, the generic form and the table form all read them from here.
 */
export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const TIME_FORMAT = 'HH:mm:ss';
export const MONTH_FORMAT = 'YYYY-MM';
export const YEAR_FORMAT = 'YYYY';
/** dayjs needs the weekOfYear/advancedFormat plugins for w; the picker shows the week's first day. */
export const WEEK_FORMAT = 'YYYY-MM-DD';

export type DateKind = 'date' | 'datetime' | 'time' | 'month' | 'year' | 'week';

export const DEFAULT_FORMATS: Record<DateKind, string> = {
  date: DATE_FORMAT,
  datetime: DATETIME_FORMAT,
  time: TIME_FORMAT,
  month: MONTH_FORMAT,
  year: YEAR_FORMAT,
  week: WEEK_FORMAT,
};

/**
 * A format written the Java / element way (yyyy-MM-dd HH:mm:ss) in dayjs tokens (YYYY-MM-DD HH:mm:ss).
 * Formats already in dayjs tokens pass unchanged.
 */
export function toDayjsFormat(format: string): string {
  return format.replace(/yyyy/g, 'YYYY').replace(/yy/g, 'YY').replace(/dd/g, 'DD').replace(/\bd\b/g, 'D');
}
