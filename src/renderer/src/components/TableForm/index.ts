export { TableForm, type TableFormHandle, type TableFormProps } from './TableForm';
export type { ChangeReason, ColumnRule, ColumnType, CustomButton, DisabledDecide, OperationKind, RowMeta, SelectTableOptions, SourceOption, TableColumn, TableRow, ValidateResult } from './types';
export { MESSAGE_SEPARATOR } from './validation';
