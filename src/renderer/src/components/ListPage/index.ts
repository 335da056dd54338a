export { ConfirmProvider, useConfirm, type Confirm, type ConfirmOptions } from './ConfirmProvider';
export { ExportButton } from './ExportButton';
export { FilterBar, useListFilters, type ListFilters } from './FilterBar';
export { ImportDialog, type ImportDialogProps } from './ImportDialog';
export { ListPage, type ListPageProps } from './ListPage';
export { useActionsColumn, type RowAction } from './rowActions';
export { useConfirmDelete, type ConfirmDeleteConfig } from './useConfirmDelete';
export { useFormDialog, type FormDialogConfig } from './useFormDialog';
export { CODE_PATTERN, codeRule, numberOrUndefined, rowValues, textOrNull } from './values';
