import { Chip, Stack } from '@mui/material';
import { ID_NUMBER_PATTERN, TRANSPORT_WARN_DAYS } from '@shared/api/transport';
import { isValidIdNumber } from '@shared/idNumber';
import type { FormField } from '@renderer/components/Form';
import { useT } from '@renderer/i18n/useT';
import type { MessageKey } from '@renderer/i18n/messages';

type Translate = (key: MessageKey, vars?: Record<string, string | number>) => string;

/** A permit's or qualification's date with 已过期 (red) or 即将到期 (orange, within TRANSPORT_WARN_DAYS days). */
export function ExpiryCell({ date, daysLeft }: { date: string; daysLeft: number }) {
  const t = useT();
  const chip = daysLeft < 0
    ? <Chip size="small" color="error" label={t('transport.expired')} sx={{ height: 22 }} />
    : daysLeft <= TRANSPORT_WARN_DAYS
      ? <Chip size="small" color="warning" label={t('transport.expiresSoon')} title={t('transport.daysLeft', { days: daysLeft })} sx={{ height: 22 }} />
      : null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%' }}>
      <span>{date}</span>
      {chip}
    </Stack>
  );
}

const ID_SHAPE = new RegExp(ID_NUMBER_PATTERN, 'u');

/**
 * 身份证号 in a form: empty, the masked number on file (kept as it is), or a new one with a right check digit. The
 * server answers a stored number masked only, so the field starts with the masked text; typing replaces it.
 */
export function idNumberField(t: Translate, masked: string | null | undefined, extra: Partial<FormField> = {}): FormField {
  return {
    key: 'idNo', label: t('transport.idNo'),
    // The masked number fills the 18 characters: a character typed into it must get through (it then replaces it).
    ...(masked ? { hint: t('transport.idNoKept', { masked }) } : { maxLength: 18 }),
    rules: [{
      validator: (value) => {
        const v = typeof value === 'string' ? value.trim() : '';
        if (!v || (masked && v === masked)) return null;
        if (!ID_SHAPE.test(v)) return t('transport.idNoPattern');
        return isValidIdNumber(v) ? null : t('transport.idNoCheck');
      },
    }],
    ...extra,
  };
}

/**
 * Typing into the masked number starts a new one (the characters typed, wherever the caret was); deleting from it
 * clears it; pasting over it all puts the pasted number.
 */
export function replaceMasked(previous: unknown, next: unknown, masked: string | null | undefined): unknown {
  if (!masked || previous !== masked || typeof next !== 'string' || next === masked) return next;
  if (next.length > masked.length && next.includes(masked)) return next.replace(masked, '');
  return next.includes('*') ? '' : next;
}

/** The body's idNo: left out while the number on file stands (kept), '' when cleared, else the new number. */
export function idNumberBody(value: unknown, masked: string | null | undefined): { idNo?: string } {
  const v = typeof value === 'string' ? value.trim().toUpperCase() : '';
  if (masked && v === masked.toUpperCase()) return {};
  if (!v) return masked ? { idNo: '' } : {};
  return { idNo: v };
}
