import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Box, Drawer, Toolbar } from '@mui/material';
import { PageLoading } from '@renderer/components/PageLoading';
import { loadNav } from '@renderer/features/auth/sessionFlow';
import { ChangePasswordDialog } from '@renderer/features/password/ChangePasswordDialog';
import { findScreen, screenLabel } from '@renderer/router/screens';
import { useAppDispatch, useAppSelector } from '@renderer/store/hooks';
import { tabVisited } from '@renderer/store/tabsSlice';
import { Header } from './Header';
import { SideMenu } from './SideMenu';
import { TabsBar } from './TabsBar';

const DRAWER_WIDTH = 220;

/** The shell around every screen: header, menu, open tabs and the screen itself. */
export function MainLayout() {
  const location = useLocation();
  const dispatch = useAppDispatch();
  const menuList = useAppSelector((s) => s.menu.menuList);
  const user = useAppSelector((s) => s.auth.user);

  useEffect(() => {
    if (!findScreen(location.pathname)) return;
    dispatch(tabVisited({ value: location.pathname + location.search, label: screenLabel(location.pathname, menuList, 'zh-CN') }));
  }, [dispatch, location.pathname, location.search, menuList]);

  useEffect(() => {
    // A session restored without its menu (e.g. storage trimmed): load it again.
    if (user && !menuList) loadNav(dispatch).catch(() => {});
  }, [dispatch, user, menuList]);

  return (
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
        <Box sx={{ flexGrow: 1, overflow: 'auto', p: 2, bgcolor: 'grey.50' }}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </Box>
      </Box>
      <ChangePasswordDialog />
    </Box>
  );
}
