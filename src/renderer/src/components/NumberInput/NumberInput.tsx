import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { TextField, type TextFieldProps } from '@mui/material';
import { commitValue, DEFAULT_DECIMAL, isTypable, parseNumber, roundTo, textOf } from './numberText';

export interface NumberInputProps extends Omit<TextFieldProps, 'value' | 'onChange' | 'type' | 'defaultValue'> {
  value: number | null | undefined;
  /** Called with the parsed number while typing, and with the clamped, rounded number on commit (blur, Enter, arrows, 'e'). */
  onChange?: (value: number | null) => void;
  min?: number;
  max?: number;
  /** Arrow up/down change the value by this much (default 1). */
  step?: number;
  /** Fraction digits allowed: default 2, 0 means digits only. */
  decimal?: number;
}

/**
 * A number field (SPEC 5): clamps to min and max on commit, at most `decimal` fraction digits
 * (2 by default, 0 for digits only), and pressing 'e' resets the value to 0.
 * A text input underneath, so the browser's own number parsing (1e5, locale commas) never interferes.
 */
export function NumberInput({ value, onChange, min, max, step = 1, decimal = DEFAULT_DECIMAL, disabled, onBlur, onKeyDown, slotProps, ...rest }: NumberInputProps) {
  const [text, setText] = useState(textOf(value));
  const focused = useRef(false);

  // Follow the value from outside unless the person is typing (then their text wins until commit).
  useEffect(() => {
    if (!focused.current) setText(textOf(value));
  }, [value]);

  const allowNegative = min === undefined || min < 0;

  const commit = (next: number | null) => {
    const committed = commitValue(next, decimal, min, max);
    setText(textOf(committed));
    onChange?.(committed);
  };

  const handleKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(e);
    if (disabled) return;
    if (e.key === 'e' || e.key === 'E') {
      e.preventDefault();
      setText('0');
      onChange?.(0);
    } else if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
      e.preventDefault();
      const current = parseNumber(text) ?? 0;
      commit(roundTo(current + (e.key === 'ArrowUp' ? step : -step), decimal));
    } else if (e.key === 'Enter') {
      commit(parseNumber(text));
    }
  };

  return (
    <TextField
      {...rest}
      disabled={disabled}
      value={text}
      onFocus={() => (focused.current = true)}
      onBlur={(e) => {
        focused.current = false;
        commit(parseNumber(text));
        onBlur?.(e);
      }}
      onChange={(e) => {
        const next = e.target.value.trim();
        if (!isTypable(next, decimal, allowNegative)) return;
        setText(next);
        onChange?.(parseNumber(next));
      }}
      onKeyDown={handleKeyDown}
      slotProps={{ ...slotProps, htmlInput: { inputMode: decimal > 0 ? 'decimal' : 'numeric', ...(slotProps?.htmlInput as object) } }}
    />
  );
}
