import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { TextField, type TextFieldProps } from '@mui/material';
import { useWidgetT } from '@renderer/hooks/useWidgetT';
import { clamp, DEFAULT_DECIMAL, numberProblem, parseNumber, roundTo, textOf, type NumberProblem } from './numberText';

export interface NumberInputProps extends Omit<TextFieldProps, 'value' | 'onChange' | 'type' | 'defaultValue'> {
  value: number | null | undefined;
  /** The number the text stands for: null when empty, NaN when it is not a number. Never adjusted behind the person's back. */
  onChange?: (value: number | null) => void;
  min?: number;
  max?: number;
  /** Arrow up/down change the value by this much (default 1), kept within min and max. */
  step?: number;
  /** Fraction digits allowed: default 2, 0 means whole numbers only. */
  decimal?: number;
}

/** The message for a problem, for any label (Form uses it too). */
export function problemText(p: NumberProblem, t: ReturnType<typeof useWidgetT>, label = ''): string {
  switch (p.kind) {
    case 'notNumber': return t('widget.ruleNumber', { label });
    case 'decimal': return p.n === 0 ? t('widget.ruleInteger', { label }) : t('widget.ruleDecimal', { label, n: p.n });
    case 'min': return t('widget.ruleMin', { label, n: p.n });
    case 'max': return t('widget.ruleMax', { label, n: p.n });
  }
}

/**
 * A number field (SPEC 5). What is typed stays as typed: text that is no number, too many decimals or a
 * value outside min/max is shown as an error under the field, never silently trimmed or clamped. The
 * arrow keys step within min and max, and pressing 'e' resets the value to 0 (SPEC 5), both visibly.
 * A text input underneath, so the browser's own number parsing (1e5, locale commas) never interferes.
 */
export function NumberInput({ value, onChange, min, max, step = 1, decimal = DEFAULT_DECIMAL, disabled, onBlur, onKeyDown, slotProps, error, helperText, label, ...rest }: NumberInputProps) {
  const t = useWidgetT();
  const [text, setText] = useState(textOf(value));
  const focused = useRef(false);

  // Follow the value from outside unless the person is typing (their text wins), and keep invalid text.
  useEffect(() => {
    if (!focused.current && !Number.isNaN(value)) setText(textOf(value));
  }, [value]);

  const problem = numberProblem(parseNumber(text), { min, max, decimal });
  const own = problem ? problemText(problem, t, typeof label === 'string' ? label : '') : undefined;

  const set = (next: string) => {
    setText(next);
    onChange?.(parseNumber(next));
  };

  const handleKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(e);
    if (disabled) return;
    if (e.key === 'e' || e.key === 'E') {
      e.preventDefault();
      set('0');
    } else if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
      e.preventDefault();
      const current = parseNumber(text);
      const base = current === null || Number.isNaN(current) ? 0 : current;
      set(String(clamp(roundTo(base + (e.key === 'ArrowUp' ? step : -step), decimal), min, max)));
    }
  };

  return (
    <TextField
      {...rest}
      label={label}
      disabled={disabled}
      value={text}
      error={Boolean(error) || Boolean(own)}
      helperText={helperText ?? own}
      onFocus={() => (focused.current = true)}
      onBlur={(e) => {
        focused.current = false;
        onBlur?.(e);
      }}
      onChange={(e) => set(e.target.value)}
      onKeyDown={handleKeyDown}
      slotProps={{ ...slotProps, htmlInput: { inputMode: decimal > 0 ? 'decimal' : 'numeric', ...(slotProps?.htmlInput as object) } }}
    />
  );
}
