import { skipToken } from '@reduxjs/toolkit/query/react';
import { Box, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { RecordDetail } from '@shared/api/regulator';
import { AppDialog } from '@renderer/components/AppDialog';
import { PageLoading } from '@renderer/components/PageLoading';
import type { MessageKey } from '@renderer/i18n/messages';
import { useLanguage, useT } from '@renderer/i18n/useT';
import { kindName, shownTime, stateName } from './names';
import { regulatorApi } from './regulatorApi';
import { StateChip } from './StateChip';

const FIELDS: [keyof RecordDetail, MessageKey, 'time'?][] = [
  ['cylinderCode', 'regulator.cylinderCode'], ['recordId', 'regulator.recordId'], ['seq', 'regulator.seq'],
  ['eventAt', 'regulator.eventAt', 'time'], ['sentAt', 'regulator.sentAt', 'time'], ['answeredAt', 'regulator.answeredAt', 'time'],
  ['nextAttemptAt', 'regulator.nextAttemptAt', 'time'], ['platformId', 'regulator.platformId'], ['attempts', 'regulator.attempts'],
  ['reason', 'regulator.reason'], ['lastError', 'regulator.lastError'],
];

/** One record: what it is, its state, and every try with the message as sent and what came back. */
export function RecordDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const t = useT();
  const lang = useLanguage();
  // currentData: never another record's details while this one loads.
  const { currentData: r } = regulatorApi.useRegulatorRecordQuery(id === null ? skipToken : { id });
  const shown = (v: unknown, time?: 'time') => (v === null || v === undefined || v === '' ? '—' : time ? shownTime(String(v)) : String(v));
  return (
    <AppDialog open={id !== null} title={t('regulator.recordTitle')} onClose={onClose} footer={false} unsaved={false}>
      {!r ? <PageLoading /> : (
        <Stack spacing={2} data-testid="regulator-record">
          <Box sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr max-content 1fr', columnGap: 2, rowGap: 0.5 }}>
            <Typography color="text.secondary">{t('regulator.kind')}</Typography><Typography>{kindName(r.kind, lang)}</Typography>
            <Typography color="text.secondary">{t('regulator.state')}</Typography><Box><StateChip state={r.state} testId="regulator-record-state" /></Box>
            {FIELDS.map(([key, label, time]) => [
              <Typography key={`${key}-l`} color="text.secondary">{t(label)}</Typography>,
              <Typography key={`${key}-v`} sx={{ wordBreak: 'break-all' }} color={key === 'lastError' && r.lastError ? 'error.main' : undefined}>{shown(r[key], time)}</Typography>,
            ])}
          </Box>
          <Typography variant="subtitle1">{t('regulator.history')}</Typography>
          {r.history.length === 0 && <Typography color="text.secondary">{t('regulator.noAttempts')}</Typography>}
          {r.history.map((a) => (
            <Box key={a.id} data-testid="regulator-attempt" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1 }}>
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('regulator.attemptAt')}</TableCell><TableCell>{t('regulator.outcome')}</TableCell>
                    <TableCell>{t('regulator.httpStatus')}</TableCell><TableCell>{t('regulator.duration')}</TableCell>
                    <TableCell>{t('regulator.detail')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  <TableRow>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{shownTime(a.at)}</TableCell>
                    <TableCell>{stateName(a.outcome, lang)}</TableCell>
                    <TableCell>{a.status ?? '—'}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{t('regulator.durationMs', { ms: a.durationMs })}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-all' }}>{a.detail ?? ''}</TableCell>
                  </TableRow>
                </TableBody>
              </Table>
              {a.message !== null && (
                <Box component="pre" aria-label={t('regulator.message')}
                  sx={{ m: 0, mt: 1, p: 1.5, maxHeight: 240, overflow: 'auto', bgcolor: 'action.hover', borderRadius: 1, fontFamily: 'monospace', fontSize: 12, whiteSpace: 'pre' }}>
                  {a.message}
                </Box>
              )}
            </Box>
          ))}
        </Stack>
      )}
    </AppDialog>
  );
}
