import { useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Box, Drawer, Toolbar } from '@mui/material';
import { OverlayHostContext } from '@renderer/components/AppDialog';
import { ConfirmProvider } from '@renderer/components/ListPage/ConfirmProvider';
import { loadNav, refreshNav } from '@renderer/features/auth/sessionFlow';
import { ChangePasswordDialog } from '@renderer/features/password/ChangePasswordDialog';
import { hasPermission } from '@renderer/permission/permission';
import { findScreen, screenLabel } from '@renderer/router/screens';
import { useAppDispatch, useAppSelector } from '@renderer/store/hooks';
import { tabVisited } from '@renderer/store/tabsSlice';
import { Header } from './Header';
import { KeptScreens } from './KeptScreens';
import { SideMenu } from './SideMenu';
import { TabsBar } from './TabsBar';

const DRAWER_WIDTH = 200;

/**
 * The shell around every screen: header, menu, open tabs and the screen itself, and the confirmation
 * dialog they ask through (useConfirm). Loaded on demand after sign-in (router/routes.tsx).
 */
export function MainLayout() {
  const location = useLocation();
  const dispatch = useAppDispatch();
  const menuList = useAppSelector((s) => s.menu.menuList);
  const user = useAppSelector((s) => s.auth.user);
  const granted = useAppSelector((s) => s.menu.permissions);
  const tabs = useAppSelector((s) => s.tabs.tabs);
  const [overlayHost, setOverlayHost] = useState<HTMLElement | null>(null);
  const screen = findScreen(location.pathname);
  // A screen the user may not open gets no tab: straight to 403 (the server refuses its calls anyway).
  const allowed = !screen?.permission || menuList === null || hasPermission(screen.permission, granted);

  useEffect(() => {
    if (!screen || !allowed) return;
    const value = location.pathname + location.search;
    dispatch(tabVisited({ value, label: screenLabel(value, menuList, 'zh-CN') }));
  }, [dispatch, screen, allowed, location.pathname, location.search, menuList]);

  useEffect(() => {
    // Permissions can change while the user works: each move to another screen asks again.
    if (user && menuList) void refreshNav(dispatch);
    // Only a change of screen asks, not every change of the menu it brings.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch, location.pathname]);

  useEffect(() => {
    // A session restored without its menu (e.g. storage trimmed): load it again.
    if (user && !menuList) loadNav(dispatch).catch(() => {});
  }, [dispatch, user, menuList]);

  return (
    <ConfirmProvider>
      <Box sx={{ display: 'flex', height: '100vh' }}>
        <Header />
        <Drawer
          variant="permanent"
          sx={{ width: DRAWER_WIDTH, flexShrink: 0, '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' } }}
        >
          <Toolbar />
          <SideMenu />
        </Drawer>
        <Box component="main" sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', minWidth: 0 }}>
          <Toolbar />
          <TabsBar />
          <Box sx={{ position: 'relative', flexGrow: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>
            {/* A column: list screens take the height left (their table scrolls inside), others scroll here. */}
            <Box data-testid="screen" sx={{ flexGrow: 1, minHeight: 0, overflow: 'auto', p: 2, bgcolor: 'grey.50', display: 'flex', flexDirection: 'column' }}>
              <OverlayHostContext.Provider value={overlayHost}>
                {allowed ? <KeptScreens openPaths={tabs.map((tab) => tab.path)} /> : <Navigate to="/403" replace />}
              </OverlayHostContext.Provider>
            </Box>
            {/* The screens' dialogs open over the screen area only (see overlayHost). */}
            <Box ref={setOverlayHost} sx={{ position: 'absolute', inset: 0, pointerEvents: 'none' }} />
          </Box>
        </Box>
        <ChangePasswordDialog />
      </Box>
    </ConfirmProvider>
  );
}
