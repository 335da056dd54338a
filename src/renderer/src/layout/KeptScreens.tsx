import { Activity, Suspense, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { UNSAFE_LocationContext as LocationContext, useLocation, useNavigationType, useOutlet, type Location, type NavigationType } from 'react-router-dom';
import { PageLoading } from '@renderer/components/PageLoading';
import { useAppDispatch } from '@renderer/store/hooks';
import { unsavedChanged } from '@renderer/store/unsavedSlice';
import { ScreenTabContext } from './screenTab';

interface Kept {
  element: ReactNode;
  location: Location;
  navigationType: NavigationType;
}

/**
 * The screens of the open tabs (keep-alive): each tab's screen stays mounted while its tab is open, so a
 * half-filled form, an open dialog or a station's list is there again after a switch of tabs. Only the
 * current one is shown; the others are hidden by <Activity>: not displayed (they cannot hold the focus),
 * their effects cleaned up (no polling, no timers, no keyboard listeners) until they are shown again.
 * Each screen keeps the location it was opened at, so its hooks (query, per-screen state) stay its own.
 */
export function KeptScreens({ openPaths }: { openPaths: readonly string[] }) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const outlet = useOutlet();
  const kept = useRef(new Map<string, Kept>());
  const current = location.pathname;
  // Render-time bookkeeping of what is on screen: idempotent, so a discarded render does no harm.
  kept.current.set(current, { element: outlet, location, navigationType });
  for (const path of kept.current.keys()) if (path !== current && !openPaths.includes(path)) kept.current.delete(path);

  return [...kept.current].map(([path, screen]) => <TabScreen key={path} path={path} shown={path === current} {...screen} />);
}

function TabScreen({ path, shown, element, location, navigationType }: Kept & { path: string; shown: boolean }) {
  const shownRef = useRef(shown);
  // A layout effect runs before the passive cleanups of the screen being hidden (see useUnsavedChanges).
  useLayoutEffect(() => {
    shownRef.current = shown;
  }, [shown]);
  const dispatch = useAppDispatch();
  const tab = useMemo(() => ({
    path, shown: shownRef, reportUnsaved: (part: string, dirty: boolean) => void dispatch(unsavedChanged({ path, part, dirty })),
  }), [path, dispatch]);
  const frozen = useMemo(() => ({ location, navigationType }), [location, navigationType]);
  return (
    <Activity mode={shown ? 'visible' : 'hidden'}>
      <ScreenTabContext.Provider value={tab}>
        <LocationContext.Provider value={frozen}>
          <Suspense fallback={<PageLoading />}>{element}</Suspense>
        </LocationContext.Provider>
      </ScreenTabContext.Provider>
    </Activity>
  );
}
