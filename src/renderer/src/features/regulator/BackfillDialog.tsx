import { useState } from 'react';
import { Stack, Typography } from '@mui/material';
import { BACKFILL_MAX_DAYS } from '@shared/api/regulator';
import { AppDialog } from '@renderer/components/AppDialog';
import { DateField } from '@renderer/components/RangePicker';
import type { MessageKey } from '@renderer/i18n/messages';
import { useT } from '@renderer/i18n/useT';
import { notify } from '@renderer/notify/toast';
import { regulatorApi } from './regulatorApi';

const DAY_MS = 86_400_000;
const dayNumber = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10))) / DAY_MS;

/** What is wrong with the range, or null: both days given, to not before from, to at most BACKFILL_MAX_DAYS after from. */
export function backfillProblem(from: string, to: string): { field: 'from' | 'to'; key: MessageKey } | null {
  if (!from) return { field: 'from', key: 'regulator.fromRequired' };
  if (!to) return { field: 'to', key: 'regulator.toRequired' };
  const days = dayNumber(to) - dayNumber(from);
  if (days < 0) return { field: 'to', key: 'regulator.toBeforeFrom' };
  // Both ends count: from..to holds days + 1 days, at most BACKFILL_MAX_DAYS (the server counts the same).
  if (days + 1 > BACKFILL_MAX_DAYS) return { field: 'to', key: 'regulator.rangeTooLong' };
  return null;
}

/** 补报: the days whose events are made into records and whose records not yet accepted are sent again. */
export function BackfillDialog({ connectionId, onClose }: { connectionId: number; onClose: () => void }) {
  const t = useT();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [problem, setProblem] = useState<ReturnType<typeof backfillProblem>>(null);
  const [backfill] = regulatorApi.useBackfillRegulatorRecordsMutation();
  const submit = async () => {
    const found = backfillProblem(from, to);
    setProblem(found);
    if (found) return;
    const r = await backfill({ connectionId, from, to }).unwrap();
    notify(t('regulator.backfilled', { created: r.created, requeued: r.requeued, settled: r.settled }), 'success');
    onClose();
  };
  const message = (field: 'from' | 'to') => (problem?.field === field ? t(problem.key, { n: BACKFILL_MAX_DAYS }) : undefined);
  return (
    <AppDialog open title={t('regulator.backfill')} width={480} onClose={onClose} onSubmit={submit} submitText={t('regulator.backfill')}
      unsaved={from !== '' || to !== ''}>
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Typography variant="body2" color="text.secondary">{t('regulator.backfillHint', { n: BACKFILL_MAX_DAYS })}</Typography>
        <DateField label={t('regulator.from')} name="from" value={from} fullWidth error={!!message('from')} helperText={message('from')}
          onChange={(v) => { setFrom(v ?? ''); setProblem(null); }} />
        <DateField label={t('regulator.to')} name="to" value={to} fullWidth error={!!message('to')} helperText={message('to')} minDate={from || null}
          onChange={(v) => { setTo(v ?? ''); setProblem(null); }} />
      </Stack>
    </AppDialog>
  );
}
