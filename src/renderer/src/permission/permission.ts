import { useLocation } from 'react-router-dom';
import type { MenuItem } from '@shared/api/auth';
import { getPermissions } from '@renderer/session/session';
import { useAppSelector } from '@renderer/store/hooks';

/** The user holds at least one of the keys (SPEC section 6). */
export function hasPermission(keys: readonly string[], granted: readonly string[] = getPermissions()): boolean {
  return keys.some((k) => granted.includes(k));
}

export function usePermission(keys: readonly string[]): boolean {
  const granted = useAppSelector((s) => s.menu.permissions);
  return hasPermission(keys, granted);
}

export function findMenuByUrl(items: MenuItem[], path: string): MenuItem | undefined {
  for (const item of items) {
    if (item.menuUrl === path) return item;
    const found = findMenuByUrl(item.children ?? [], path);
    if (found) return found;
  }
  return undefined;
}

export type AutoPermissionMode = 'remove' | 'disable';

/**
 * The automatic mode: a button named like a button the current page declares, whose key the user lacks,
 * is removed (or disabled). Without a menu list such elements are removed.
 */
export function autoPermission(
  name: string,
  path: string,
  menuList: MenuItem[] | null,
  granted: readonly string[],
  mode: AutoPermissionMode,
): 'show' | AutoPermissionMode {
  if (!menuList) return 'remove';
  const declared = findMenuByUrl(menuList, path)?.buttonList?.find((b) => b.buttonName === name);
  if (!declared || granted.includes(declared.buttonKey)) return 'show';
  return mode;
}

export function useAutoPermission(name: string, mode: AutoPermissionMode): 'show' | AutoPermissionMode {
  const { pathname } = useLocation();
  const menuList = useAppSelector((s) => s.menu.menuList);
  const granted = useAppSelector((s) => s.menu.permissions);
  return autoPermission(name, pathname, menuList, granted, mode);
}
