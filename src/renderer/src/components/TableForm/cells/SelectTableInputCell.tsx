import { useState } from 'react';
import { TextField } from '@mui/material';
import { SelectionDrawer, type PickRow } from '@renderer/components/SelectionDrawer';
import { useWidgetT } from '@renderer/hooks/useWidgetT';
import { inputLabel, type CellProps } from './cellProps';

const split = (v: unknown): string[] => (v === '' || v == null ? [] : String(v).split(','));

/**
 * SelectTableInput: a read-only input showing the picked names; clicking opens the selection drawer
 * (col.selectTable). On 确认 the picked ids go to key and the names to nameGroupCode, each joined with ','.
 */
export function SelectTableInputCell({ col, row, index, disabled, error, onPatch }: CellProps) {
  const t = useWidgetT();
  const [open, setOpen] = useState(false);
  const options = col.selectTable;
  const idKey = options?.idKey ?? 'id';
  const nameKey = options?.nameKey ?? 'name';
  const names = col.nameGroupCode ? split(row[col.nameGroupCode]) : [];
  // The drawer opens with the row's current picks (ids paired with names by position).
  const preselected: PickRow[] = split(row[col.key]).map((id, i) => ({ [idKey]: id, [nameKey]: names[i] ?? id }));

  const submit = (rows: PickRow[]) => {
    const patch: Record<string, unknown> = { [col.key]: rows.map((r) => String(r[idKey])).join(',') };
    if (col.nameGroupCode) patch[col.nameGroupCode] = rows.map((r) => String(r[nameKey] ?? '')).join(',');
    onPatch(patch);
    setOpen(false);
  };

  return (
    <>
      <TextField
        size="small"
        fullWidth
        value={names.join(',') || (col.nameGroupCode ? '' : String(row[col.key] ?? ''))}
        placeholder={col.placeholder ?? t('widget.placeholderSelect')}
        disabled={disabled}
        error={!!error}
        onClick={() => !disabled && options && setOpen(true)}
        slotProps={{ htmlInput: { readOnly: true, 'aria-label': inputLabel(col, index) } }}
      />
      {options && open && (
        <SelectionDrawer
          open
          title={options.title ?? col.label}
          multiple={!!col.multiple}
          fetchPage={options.fetchPage}
          columns={options.columns}
          rowKey={idKey}
          nameKey={nameKey}
          searchFields={options.searchKey ? [{ key: options.searchKey, label: options.searchLabel ?? t('selectionDrawer.keyword') }] : undefined}
          selected={preselected}
          onSubmit={submit}
          onCancel={() => setOpen(false)}
        />
      )}
    </>
  );
}
