import { matchPath } from 'react-router-dom';
import { FEATURES } from '@renderer/app/features';
import type { ScreenDef } from '@renderer/features/feature';

/** The field app's root: its home lists the field screens the user may open. */
export const FIELD_ROOT = '/field';

/** Every screen of the field app (issue 37), from the features' manifests, in the features' order. */
export const FIELD_SCREENS: readonly ScreenDef[] = FEATURES.flatMap((f) => f.fieldScreens ?? []);

/** The field screen a path opens (its route may have parameters: /field/trip/:id). */
export const findFieldScreen = (pathname: string): ScreenDef | undefined =>
  FIELD_SCREENS.find((s) => matchPath({ path: s.path, end: true }, pathname));

/** The screens the home lists: those opened without parameters. */
export const fieldEntries = (): ScreenDef[] => FIELD_SCREENS.filter((s) => !s.path.includes(':'));

/**
 * Where 返回 goes when there is no history in this tab (the page opened from a link or reloaded): the nearest path
 * above that is a field screen, else the home.
 */
export function parentPath(pathname: string): string {
  const parts = pathname.replace(/\/+$/, '').split('/');
  for (let n = parts.length - 1; n > 2; n--) {
    const candidate = parts.slice(0, n).join('/');
    if (findFieldScreen(candidate)) return candidate;
  }
  return FIELD_ROOT;
}
