/** One spreadsheet column: the header people see (Chinese) and the field it maps to. */
export interface SheetColumn<K extends string = string> {
  header: string;
  key: K;
  /** Column width in characters (export/template). */
  width?: number;
  /** Shown in the template's second sheet (说明). */
  note?: string;
  /** Import: a longer cell refuses the file naming its row and column (default DEFAULT_MAX_LENGTH, 255). */
  maxLength?: number;
}

/** The first cell of a template's example row starts with this; such rows are never imported. */
export const EXAMPLE_MARK = '示例：';
