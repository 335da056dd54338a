/** The editable table form's contract: column definitions are data (SPEC section 3, "Table-form column definition"). */

export type ColumnType =
  | 'index'
  | 'static'
  | 'selection'
  | 'select'
  | 'password'
  | 'textarea'
  | 'text'
  | 'number'
  | 'InputNumber'
  | 'timepicker'
  | 'daterange'
  | 'datetimerange'
  | 'monthrange'
  | 'year'
  | 'month'
  | 'date'
  | 'dates'
  | 'months'
  | 'years'
  | 'week'
  | 'datetime'
  | 'checkbox'
  | 'radio'
  | 'cascader'
  | 'SelectTableInput'
  | 'switch'
  | 'operation';

/** Row bookkeeping fields every row carries (SPEC section 3, "Row fields"). */
export interface RowMeta {
  isSelected: boolean;
  __isChild: boolean;
  /** The parent's __nodeId, or '' for a top-level row. */
  __parentNodeId: string;
  /** Nesting depth: 0 for a top-level row, 1 for its children, … */
  __parentNode: number;
  __nodeId: string;
}

export type TableRow = RowMeta & Record<string, unknown>;

/** `{ field: allowedValue | allowedValue[] }`: enabled only while every listed field of the row matches. */
export type DisabledDecide = Record<string, unknown>;

export interface ColumnRule {
  required?: boolean;
  /** A string is compiled with `new RegExp`. */
  pattern?: RegExp | string;
  /** Numbers: the smallest value; strings and arrays: the shortest length. */
  min?: number;
  /** Numbers: the largest value; strings and arrays: the longest length. */
  max?: number;
  /** Exact length of a string or array. */
  len?: number;
  /** Returns true (valid) or false / a message (invalid). */
  validator?: (value: unknown, row: TableRow) => boolean | string;
  message: string;
}

/** An option of select, radio, checkbox and cascader columns (key names changeable with valueProps). */
export interface SourceOption {
  value?: unknown;
  label?: string;
  children?: SourceOption[];
  disabled?: boolean;
  [key: string]: unknown;
}

export type OperationKind = 'copy' | 'delete' | 'up' | 'down' | 'addChild';

export interface CustomButton {
  label: string;
  onClick: (row: TableRow, index: number) => void;
  disabledDecide?: DisabledDecide;
}

/** Options of a SelectTableInput column: how its drawer searches and lists. */
export interface SelectTableOptions {
  title?: string;
  fetchPage: (query: { page: number; size: number } & Record<string, unknown>) => Promise<{ list: Record<string, unknown>[]; total: number }>;
  /** The columns of the drawer's list. */
  columns: { field: string; label: string }[];
  /** Key of a picked row's id, stored (joined) in the column's key. Default 'id'. */
  idKey?: string;
  /** Key of a picked row's name, stored (joined) in nameGroupCode. Default 'name'. */
  nameKey?: string;
  /** Search parameter name of the drawer's text field. Default 'keyword'. */
  searchKey?: string;
  searchLabel?: string;
}

export interface TableColumn {
  /** The row field; range types hold two comma-separated fields ('startDate,endDate'). */
  key: string;
  label: string;
  type: ColumnType;
  placeholder?: string;
  disabled?: boolean;
  source?: SourceOption[];
  defaultValue?: unknown;
  rule?: ColumnRule[];
  maxlength?: number;
  min?: number;
  max?: number;
  step?: number;
  decimal?: number;
  /** The row field receiving the selected option labels (joined with ','). */
  nameGroupCode?: string;
  /** Key names of value and label in source items. Default { value: 'value', label: 'label' }. */
  valueProps?: { value?: string; label?: string };
  multiple?: boolean;
  clearable?: boolean;
  filterable?: boolean;
  /** Display format (dayjs tokens) of date kinds. */
  format?: string;
  /** Stored string format (dayjs tokens) of date kinds. */
  valueFormat?: string;
  /** Date kinds: prefill new rows with now. */
  isDefault?: boolean;
  disabledDecide?: DisabledDecide;
  /** operation columns: built-in kinds and custom buttons, in display order. */
  buttons?: (OperationKind | CustomButton)[];
  /** switch columns: stored values (default 1 and 0). */
  activeValue?: unknown;
  inactiveValue?: unknown;
  /** SelectTableInput columns. */
  selectTable?: SelectTableOptions;
  width?: number | string;
}

export type ChangeReason = 'init' | 'add' | 'delete' | 'order' | 'change' | 'validate';

export interface ValidateResult {
  success: boolean;
  /** The failing fields' first messages, de-duplicated, joined with ','. Empty on success. */
  message: string;
}

/** Per row (__nodeId) and field: the first failing rule's message. */
export type FieldErrors = Record<string, Record<string, string>>;
