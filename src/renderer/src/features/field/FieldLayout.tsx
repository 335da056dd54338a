import { useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { AppBar, Box, IconButton, Menu, MenuItem, Toolbar, Typography } from '@mui/material';
import AccountCircle from '@mui/icons-material/AccountCircle';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { ConfirmProvider } from '@renderer/components/ListPage/ConfirmProvider';
import { warmBeep } from '@renderer/components/ScanInput';
import { loadNav, refreshNav, signOut } from '@renderer/features/auth';
import { FieldStatus } from '@renderer/features/offline';
import { rememberLanguage } from '@renderer/i18n/i18n';
import { useLanguage, useT } from '@renderer/i18n/useT';
import { hasPermission } from '@renderer/permission/permission';
import { languageChanged } from '@renderer/store/appSlice';
import { useAppDispatch, useAppSelector } from '@renderer/store/hooks';
import { FIELD_ROOT, findFieldScreen, parentPath } from './fieldScreens';

/**
 * The field app's shell (issue 37): a phone-sized page with an app bar (back, the screen's title, the connection and
 * the acts waiting on the device, the user menu) and no side menu or tabs. The screens are the features' fieldScreens,
 * each opened only with one of its keys, as the office's screens are.
 */
export function FieldLayout() {
  const t = useT();
  const lang = useLanguage();
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const user = useAppSelector((s) => s.auth.user);
  const menuList = useAppSelector((s) => s.menu.menuList);
  const granted = useAppSelector((s) => s.menu.permissions);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const screen = findFieldScreen(location.pathname);
  const home = location.pathname.replace(/\/+$/, '') === FIELD_ROOT;
  const allowed = !screen?.permission || menuList === null || hasPermission(screen.permission, granted);
  const title = screen ? (lang === 'en' ? screen.titleEn : screen.title) : t('field.appTitle');

  useEffect(() => {
    document.title = title;
  }, [title]);
  useEffect(() => {
    // The scan beep's audio made while the app is idle, before the driver's first scan (not by it).
    if (typeof requestIdleCallback !== 'function') return;
    const idle = requestIdleCallback(warmBeep, { timeout: 5_000 });
    return () => cancelIdleCallback(idle);
  }, []);
  useEffect(() => {
    // Permissions can change during a shift: each move asks again (quietly; offline the held menu stays).
    if (user && menuList) void refreshNav(dispatch);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch, location.pathname]);
  useEffect(() => {
    if (user && !menuList) loadNav(dispatch).catch(() => {});
  }, [dispatch, user, menuList]);

  const back = () => {
    // A page opened by a link or reloaded has no history in the app: go up instead of leaving it.
    if (location.key !== 'default' && window.history.length > 1) void navigate(-1);
    else void navigate(parentPath(location.pathname));
  };
  const close = () => setAnchor(null);

  return (
    <ConfirmProvider>
      <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'grey.50' }}>
        <AppBar position="sticky">
          <Toolbar variant="dense" sx={{ gap: 0.5, px: 1 }}>
            {!home && (
              <IconButton color="inherit" edge="start" aria-label={t('field.back')} onClick={back}>
                <ArrowBackIcon />
              </IconButton>
            )}
            <Typography variant="h6" component="h1" noWrap sx={{ flexGrow: 1, fontSize: 17 }} data-testid="field-title">
              {title}
            </Typography>
            <FieldStatus />
            <IconButton color="inherit" edge="end" aria-label={t('header.userMenu')} aria-haspopup="menu" onClick={(e) => setAnchor(e.currentTarget)}>
              <AccountCircle />
            </IconButton>
            <Menu id="field-user-menu" anchorEl={anchor} open={!!anchor} onClose={close}>
              <MenuItem disabled data-testid="user-name">{user?.name}</MenuItem>
              <MenuItem onClick={() => { close(); void navigate(FIELD_ROOT); }}>{t('field.home')}</MenuItem>
              <MenuItem
                onClick={() => {
                  close();
                  const next = lang === 'zh-CN' ? 'en' : 'zh-CN';
                  rememberLanguage(next);
                  dispatch(languageChanged(next));
                }}
              >
                {lang === 'zh-CN' ? 'English' : '中文'}
              </MenuItem>
              <MenuItem onClick={() => { close(); void navigate('/main/home'); }}>{t('field.desktop')}</MenuItem>
              <MenuItem onClick={() => { close(); void signOut(); }}>{t('header.logout')}</MenuItem>
            </Menu>
          </Toolbar>
        </AppBar>
        <Box component="main" data-testid="field-screen" sx={{ flexGrow: 1, width: '100%', maxWidth: 640, mx: 'auto' }}>
          {allowed ? <Outlet /> : <Navigate to="/403" replace />}
        </Box>
      </Box>
    </ConfirmProvider>
  );
}
