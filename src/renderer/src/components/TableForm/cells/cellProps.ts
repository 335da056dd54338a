import type { TableColumn, TableRow } from '../types';

/** What every cell editor receives. */
export interface CellProps {
  col: TableColumn;
  row: TableRow;
  /** Position of the row in the table (0-based). */
  index: number;
  disabled: boolean;
  /** The field's validation message, when it fails. */
  error?: string;
  /** Writes one or more row fields (ranges write two, nameGroupCode columns write the labels too). */
  onPatch: (patch: Record<string, unknown>) => void;
}

/** The input's accessible name: the column label, and the row number so rows can be told apart. */
export const inputLabel = (col: TableColumn, index: number): string => `${col.label} ${index + 1}`;
