import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { AppBar, Box, Button, Tab, Tabs, Toolbar, Typography } from '@mui/material';
import { ConfirmProvider } from '@renderer/components/ListPage/ConfirmProvider';
import { signOut } from '@renderer/features/auth';
import { rememberLanguage } from '@renderer/i18n/i18n';
import { useLanguage, useT } from '@renderer/i18n/useT';
import { getPortal } from '@renderer/session/session';
import { languageChanged } from '@renderer/store/appSlice';
import { useAppDispatch, useAppSelector } from '@renderer/store/hooks';
import { PORTAL_SCREENS } from './portalScreens';

/**
 * The customer portal's shell (issue 38): the customer's name, four tabs (在用气瓶, 对账单, 质量证书与发货单, 申请回收空瓶),
 * the language and sign-out; no side menu, no staff screen. A plant user opening /portal goes home (the server refuses
 * every portal call to them anyway); the navigation (/home/nav/0) is never asked for: a portal account holds no menu.
 */
export function PortalLayout() {
  const t = useT();
  const lang = useLanguage();
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const user = useAppSelector((s) => s.auth.user);
  const portal = getPortal();
  const current = PORTAL_SCREENS.findIndex((s) => location.pathname.startsWith(s.path));

  useEffect(() => {
    document.title = t('portal.appTitle');
  }, [t]);

  if (!portal) return <Navigate to="/main/home" replace />;
  if (current < 0) return <Navigate to={PORTAL_SCREENS[0]!.path} replace />;
  const toggleLanguage = () => {
    const next = lang === 'zh-CN' ? 'en' : 'zh-CN';
    rememberLanguage(next);
    dispatch(languageChanged(next));
  };
  return (
    <ConfirmProvider>
      <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'grey.50' }}>
        <AppBar position="sticky">
          <Toolbar variant="dense" sx={{ gap: 1 }}>
            <Typography variant="h6" component="h1" noWrap sx={{ flexGrow: 1, fontSize: 17 }} data-testid="portal-title">
              {t('portal.appTitle')} · {portal.enterpriseName}
            </Typography>
            <Typography variant="body2" data-testid="user-name">{user?.name}</Typography>
            <Button color="inherit" size="small" onClick={toggleLanguage}>{t('portal.language')}</Button>
            <Button color="inherit" size="small" onClick={() => void signOut()}>{t('portal.logout')}</Button>
          </Toolbar>
          <Tabs value={current} onChange={(_e, i: number) => void navigate(PORTAL_SCREENS[i]!.path)} textColor="inherit" variant="scrollable"
            sx={{ bgcolor: 'primary.dark' }}>
            {PORTAL_SCREENS.map((s) => <Tab key={s.path} label={t(s.title)} />)}
          </Tabs>
        </AppBar>
        <Box component="main" data-testid="portal-screen" sx={{ flexGrow: 1, width: '100%', maxWidth: 1100, mx: 'auto' }}>
          <Outlet />
        </Box>
      </Box>
    </ConfirmProvider>
  );
}
