import type { MenuItem } from '@shared/api/auth';
import { FEATURES } from '@renderer/app/features';
import type { ScreenDef } from '@renderer/features/feature';
import type { Language } from '@renderer/i18n/i18n';
import { menuLabel } from '@renderer/i18n/i18n';
import { findMenuByUrl } from '@renderer/permission/permission';
import { findLinkedMenu } from '@renderer/features/webview/linkedMenu';

/** Every screen of the signed-in shell, from the features' manifests. */
export const SCREENS: readonly ScreenDef[] = FEATURES.flatMap((f) => f.screens ?? []);

export const ERROR_CODES = ['401', '403', '404', '500', '502'] as const;

const stripQuery = (url: string): string => url.split(/[?#]/)[0] ?? '';

export const findScreen = (path: string): ScreenDef | undefined => SCREENS.find((s) => s.path === stripQuery(path));
export const isImplemented = (url: string): boolean => !!findScreen(url);

/** Tab label: route meta first (the create form's own label when the query names no id), else the menu name of the page. */
export function screenLabel(path: string, menuList: MenuItem[] | null, lang: Language): string {
  const screen = findScreen(path);
  // /webview?menu=…: the linked menu item's own name.
  const linked = stripQuery(path) === '/webview' ? findLinkedMenu(menuList, new URLSearchParams(path.split('?')[1] ?? '').get('menu')) : undefined;
  if (linked) return menuLabel(linked, lang);
  const creating = screen?.newTitle && !/[?&]id=/.test(path);
  if (screen && creating) return lang === 'en' ? (screen.newTitleEn ?? screen.titleEn) : screen.newTitle!;
  if (screen) return lang === 'en' ? screen.titleEn : screen.title;
  const menu = menuList ? findMenuByUrl(menuList, stripQuery(path)) : undefined;
  return menu ? menuLabel(menu, lang) : stripQuery(path);
}
