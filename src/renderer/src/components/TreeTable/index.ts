export { NoDataRow, TreeNameCell, useTreeRows } from './TreeTable';
