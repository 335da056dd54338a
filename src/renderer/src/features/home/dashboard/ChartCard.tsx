import type { ReactNode } from 'react';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import { useT } from '@renderer/i18n/useT';

export interface CardState {
  isLoading: boolean;
  isError: boolean;
  error?: unknown;
  refetch: () => unknown;
}

const messageOf = (error: unknown): string => {
  const e = error as { msg?: unknown; message?: unknown; data?: { msg?: unknown } } | undefined;
  return String(e?.msg ?? e?.data?.msg ?? e?.message ?? '');
};

/** A dashboard card: its title, and loading, error (with retry) or empty in place of its content. */
export function ChartCard({ title, testId, state, empty, extra, children }: {
  title: string; testId: string; state: CardState; empty: boolean; extra?: ReactNode; children: ReactNode;
}) {
  const t = useT();
  let body: ReactNode = children;
  if (state.isLoading) {
    body = (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'center', height: '100%' }} data-state="loading">
        <CircularProgress size={20} /><Typography color="text.secondary">{t('dash.loading')}</Typography>
      </Stack>
    );
  } else if (state.isError) {
    body = (
      <Alert severity="error" data-state="error" action={<Button size="small" onClick={() => void state.refetch()}>{t('dash.retry')}</Button>}>
        {t('dash.error', { msg: messageOf(state.error) })}
      </Alert>
    );
  } else if (empty) {
    body = <Stack sx={{ alignItems: 'center', justifyContent: 'center', height: '100%' }} data-state="empty"><Typography color="text.secondary">{t('dash.empty')}</Typography></Stack>;
  }
  return (
    <Card variant="outlined" data-testid={testId} sx={{ height: '100%' }}>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'baseline', mb: 1 }} spacing={1}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>{title}</Typography>
          <Box sx={{ flex: 1 }} />
          {!state.isLoading && !state.isError && extra}
        </Stack>
        <Box sx={{ height: 240 }}>{body}</Box>
      </CardContent>
    </Card>
  );
}
