export { PaginatedTable, MIN_TABLE_HEIGHT, type PageParams, type PageQueryHook, type PaginatedTableProps, type TableColumn, type TableHandle } from './PaginatedTable';
export { Pager, PAGE_SIZES, DEFAULT_PAGE_SIZE, type PagerProps } from './Pager';
