/** One spreadsheet column: the header people see (Chinese) and the field it maps to. */
export interface SheetColumn<K extends string = string> {
  header: string;
  key: K;
  /** Column width in characters (export/template). */
  width?: number;
  /** Shown in the template's second sheet (说明). */
  note?: string;
}
