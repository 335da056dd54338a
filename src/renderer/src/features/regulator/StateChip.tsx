import { Chip } from '@mui/material';
import type { RegulatorState } from '@shared/api/regulator';
import { useLanguage } from '@renderer/i18n/useT';
import { STATE_COLORS, stateName } from './names';

/** A record's state as a coloured chip (data-state: its code); `label` replaces its name (e.g. with a count). */
export function StateChip({ state, label, testId = 'regulator-state' }: { state: string; label?: string; testId?: string }) {
  const lang = useLanguage();
  return (
    <Chip size="small" data-testid={testId} data-state={state} color={STATE_COLORS[state as RegulatorState] ?? 'default'}
      label={label ?? stateName(state, lang)} />
  );
}
