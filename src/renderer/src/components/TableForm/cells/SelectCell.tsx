import { Autocomplete, TextField } from '@mui/material';
import { useWidgetT } from '@renderer/hooks/useWidgetT';
import { labelsOf, optionLabel, optionValue } from '../columnKinds';
import type { SourceOption } from '../types';
import { inputLabel, type CellProps } from './cellProps';

/**
 * select: options from source (keys per valueProps), single or multiple, clearable, filterable
 * (typing filters the options only when filterable). nameGroupCode receives the chosen labels joined with ','.
 */
export function SelectCell({ col, row, index, disabled, error, onPatch }: CellProps) {
  const t = useWidgetT();
  const source = col.source ?? [];
  const raw = row[col.key];
  const values: unknown[] = col.multiple ? (Array.isArray(raw) ? raw : []) : raw === '' || raw == null ? [] : [raw];
  const chosen = values.map((v) => source.find((o) => optionValue(col, o) === v)).filter((o): o is SourceOption => !!o);

  const write = (next: unknown[]) => {
    const patch: Record<string, unknown> = { [col.key]: col.multiple ? next : (next[0] ?? '') };
    if (col.nameGroupCode) patch[col.nameGroupCode] = labelsOf(col, next);
    onPatch(patch);
  };

  return (
    <Autocomplete<SourceOption, boolean, boolean, false>
      size="small"
      fullWidth
      multiple={!!col.multiple}
      disableCloseOnSelect={!!col.multiple}
      options={source}
      value={col.multiple ? chosen : (chosen[0] ?? null)}
      disabled={disabled}
      disableClearable={!col.clearable}
      getOptionLabel={(o) => optionLabel(col, o)}
      getOptionDisabled={(o) => !!o.disabled}
      isOptionEqualToValue={(o, v) => optionValue(col, o) === optionValue(col, v)}
      filterOptions={col.filterable ? undefined : (options) => options}
      onChange={(_e, v) => write((Array.isArray(v) ? v : v ? [v] : []).map((o) => optionValue(col, o)))}
      renderInput={(params) => (
        <TextField
          {...params}
          error={!!error}
          placeholder={chosen.length ? undefined : (col.placeholder ?? t('widget.placeholderSelect'))}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, readOnly: !col.filterable, 'aria-label': inputLabel(col, index) } }}
        />
      )}
    />
  );
}
