import { lazy, Suspense } from 'react';
import { Alert, Card, CardContent, Stack, Typography } from '@mui/material';
import { useT } from '@renderer/i18n/useT';
import { useAppSelector } from '@renderer/store/hooks';
import { useRootInfoQuery } from '@renderer/store/rootInfoApi';
import { LicenceNotice } from '@renderer/features/company/LicenceWarning';
import { greetingKey } from './greeting';

// Its widgets load after the greeting: the home screen shows at once.
const SharedFilesCard = lazy(() => import('./SharedFilesCard'));

/** The home screen of the skeleton: who is signed in and which server answers. */
export default function HomePage() {
  const t = useT();
  const user = useAppSelector((s) => s.auth.user);
  const permissions = useAppSelector((s) => s.menu.permissions);
  const { data: info } = useRootInfoQuery();

  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      <Typography variant="h5" component="h1" data-testid="greeting">
        {t(greetingKey())}，{user?.name}
      </Typography>
      <LicenceNotice />
      <Card variant="outlined">
        <CardContent>
          <Stack spacing={1}>
            <Typography>
              {t('home.account')}：{user?.name}（ID {user?.id}）
            </Typography>
            <Typography>
              {t('home.permissions')}：{permissions.length}
            </Typography>
            <Typography data-testid="server-version">
              {t('home.serverVersion')}：{info?.version || '-'}
            </Typography>
          </Stack>
        </CardContent>
      </Card>
      <Alert severity="info">{t('home.dashboardLater')}</Alert>
      <Suspense fallback={null}>
        <SharedFilesCard />
      </Suspense>
    </Stack>
  );
}
