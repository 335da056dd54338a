import { skipToken } from '@reduxjs/toolkit/query/react';
import { Box, Stack, Typography } from '@mui/material';
import type { LogDetail } from '@shared/api/log';
import { AppDrawer } from '@renderer/components/AppDrawer';
import type { MessageKey } from '@renderer/i18n/messages';
import { useT } from '@renderer/i18n/useT';
import { resultLabel } from './logColumns';
import { logApi } from './logApi';

const FIELDS: [keyof LogDetail, MessageKey][] = [
  ['createdAt', 'log.time'], ['userName', 'log.user'], ['userId', 'log.userId'], ['ip', 'log.ip'], ['moduleName', 'log.module'],
  ['operation', 'log.summary'], ['summary', 'log.description'], ['method', 'log.method'], ['path', 'log.pathShort'], ['requestId', 'log.requestId'],
];

/** One log entry: every field, and the parameters as sent (secrets masked by the server) as indented JSON. */
export function LogDetailDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const t = useT();
  // currentData: never another entry's details while this one loads.
  const { currentData: detail } = logApi.useLogInfoQuery(id === null ? skipToken : { id });
  return (
    <AppDrawer open={id !== null} title={t('log.detailTitle')} onCancel={onClose} footer={null} width="40%">
      {detail && (
        <Stack spacing={2}>
          <Box sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5 }}>
            {FIELDS.map(([key, label]) => [
              <Typography key={`${key}-l`} color="text.secondary">{t(label)}</Typography>,
              <Typography key={`${key}-v`} sx={{ wordBreak: 'break-all' }}>{String(detail[key] ?? '—')}</Typography>,
            ])}
            <Typography color="text.secondary">{t('log.result')}</Typography>
            <Typography color={detail.code === 0 ? 'success.main' : 'error.main'}>{resultLabel(t, detail.code)}</Typography>
            <Typography color="text.secondary">{t('log.duration')}</Typography>
            <Typography>{t('log.durationMs', { ms: detail.durationMs })}</Typography>
          </Box>
          <Typography variant="subtitle1">{t('log.params')}</Typography>
          <Box component="pre" aria-label={t('log.params')}
            sx={{ m: 0, p: 1.5, bgcolor: 'action.hover', borderRadius: 1, fontSize: 12, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {detail.params === null || detail.params === undefined ? t('log.noParams') : JSON.stringify(detail.params, null, 2)}
          </Box>
        </Stack>
      )}
    </AppDrawer>
  );
}
