import { useSyncExternalStore } from 'react';

/** Screen classes of SPEC 9. */
export type Breakpoint = 'xs' | 'sm' | 'md' | 'xl' | 'full';

/** Under 768 xs, under 992 sm, under 1200 md, under 1920 xl, else full (SPEC 9). */
export function breakpointOf(width: number): Breakpoint {
  if (width < 768) return 'xs';
  if (width < 992) return 'sm';
  if (width < 1200) return 'md';
  if (width < 1920) return 'xl';
  return 'full';
}

const subscribe = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};

/** The current screen class; re-renders when the window is resized across a boundary. */
export function useBreakpoint(): Breakpoint {
  return useSyncExternalStore(subscribe, () => breakpointOf(window.innerWidth));
}
