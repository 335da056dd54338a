import type { MenuItem } from '@shared/api/auth';

/**
 * The navigation shown from the server's menu list (SPEC section 2): hidden items go, items with no
 * children and no url or link go, and so do items whose url has no screen yet (no empty pages);
 * a parent left without children goes too.
 */
export function visibleMenu(items: MenuItem[] | null | undefined, isImplemented: (url: string) => boolean): MenuItem[] {
  return (items ?? []).flatMap((item) => {
    if (item.hidden === 1) return [];
    const children = visibleMenu(item.children, isImplemented);
    const hasUrl = !!item.menuUrl && isImplemented(item.menuUrl);
    if (children.length === 0 && !item.menuLink && !hasUrl) return [];
    return [{ ...item, children }];
  });
}
