import { Suspense, useEffect, useLayoutEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { registerNavigator } from '@renderer/http/navigator';
import { getPortal, getUser } from '@renderer/session/session';
import { useAppDispatch } from '@renderer/store/hooks';
import { reloadPromptShown } from '@renderer/store/appSlice';
import { MenuLoadingOverlay } from '@renderer/components/MenuLoadingOverlay';
import { ReloadPrompt } from '@renderer/components/ReloadPrompt';
import { Toaster } from '@renderer/components/Toaster';
import { UpdateNotice } from '@renderer/pwa/UpdateNotice';
import { VersionFloorGate } from '@renderer/features/about/VersionFloorGate';
import { PageLoading } from '@renderer/components/PageLoading';
import { onChunkLoadError } from './chunkErrors';
import { guardRedirect } from './guard';

/** The root of every route: the guard, client navigation, the reload prompt, toasts, the new-release notice and overlays. */
export function RootLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();

  useLayoutEffect(() => {
    registerNavigator((path) => void navigate(path));
    return () => registerNavigator(null);
  }, [navigate]);

  useEffect(() => {
    const showPrompt = () => dispatch(reloadPromptShown());
    const offChunk = onChunkLoadError(showPrompt);
    // Vite reports failed dynamic-import preloads with this event.
    window.addEventListener('vite:preloadError', showPrompt);
    return () => {
      offChunk();
      window.removeEventListener('vite:preloadError', showPrompt);
    };
  }, [dispatch]);

  const redirect = guardRedirect(location.pathname, location.search, getUser() !== null, getPortal() !== null);

  return (
    <>
      {redirect ? (
        <Navigate to={redirect} replace />
      ) : (
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      )}
      <MenuLoadingOverlay />
      <ReloadPrompt />
      {/* A desktop app older than the server accepts is stopped on every screen, the login included. */}
      <VersionFloorGate />
      <Toaster />
      <UpdateNotice />
    </>
  );
}
