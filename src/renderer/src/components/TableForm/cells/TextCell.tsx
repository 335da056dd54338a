import { useState } from 'react';
import { TextField } from '@mui/material';
import { useWidgetT } from '@renderer/hooks/useWidgetT';
import { inputLabel, type CellProps } from './cellProps';

/**
 * text, password and textarea. The row holds the trimmed text (SPEC 5) from the first keystroke,
 * while the input keeps what the person typed until it loses focus, so inner spaces can be typed.
 */
export function TextCell({ col, row, index, disabled, error, onPatch }: CellProps) {
  const t = useWidgetT();
  const stored = row[col.key] == null ? '' : String(row[col.key]);
  const [typed, setTyped] = useState<string | null>(null);
  // Text typed but not yet left is shown only while it still trims to the stored value.
  const shown = typed !== null && typed.trim() === stored ? typed : stored;
  return (
    <TextField
      size="small"
      fullWidth
      type={col.type === 'password' ? 'password' : 'text'}
      multiline={col.type === 'textarea'}
      minRows={col.type === 'textarea' ? 1 : undefined}
      maxRows={col.type === 'textarea' ? 4 : undefined}
      value={shown}
      placeholder={col.placeholder ?? t('widget.placeholderInput')}
      disabled={disabled}
      error={!!error}
      onChange={(e) => {
        setTyped(e.target.value);
        onPatch({ [col.key]: e.target.value.trim() });
      }}
      onBlur={() => setTyped(null)}
      slotProps={{ htmlInput: { maxLength: col.maxlength, 'aria-label': inputLabel(col, index) } }}
    />
  );
}
