import { lazy, Suspense } from 'react';
import { Card, CardContent, Stack, Typography } from '@mui/material';
import { useT } from '@renderer/i18n/useT';
import { useAppSelector } from '@renderer/store/hooks';
import { useRootInfoQuery } from '@renderer/store/rootInfoApi';
import { LicenceNotice } from '@renderer/features/company';
import { usePermission } from '@renderer/permission/permission';
import { greetingKey } from './greeting';

// Its widgets load after the greeting: the home screen shows at once.
const SharedFilesCard = lazy(() => import('./SharedFilesCard'));
// The charts (recharts) load with the dashboard, never with the sign-in screen.
const Dashboard = lazy(() => import('./dashboard/Dashboard'));

/** The home screen: who is signed in, the dashboard (with the user's home:view) and the shared files. */
export default function HomePage() {
  const t = useT();
  const user = useAppSelector((s) => s.auth.user);
  const permissions = useAppSelector((s) => s.menu.permissions);
  const { data: info } = useRootInfoQuery();
  const dashboard = usePermission(['home:view']);

  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1" data-testid="greeting">
        {t(greetingKey())}，{user?.name}
      </Typography>
      <LicenceNotice />
      <Card variant="outlined" sx={{ maxWidth: 720 }}>
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
      {dashboard && (
        <Suspense fallback={null}>
          <Dashboard />
        </Suspense>
      )}
      <Suspense fallback={null}>
        <SharedFilesCard />
      </Suspense>
    </Stack>
  );
}
