export { SelectionDrawer, SELECTION_PAGE_SIZE, type SelectionDrawerProps, type SelectionSearchField } from './SelectionDrawer';
export type { SelectionColumn } from './SelectionList';
export type { FetchPage } from './usePagedRows';
export type { PickRow } from './selection';
