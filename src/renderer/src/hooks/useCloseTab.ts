import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useConfirm } from '@renderer/components/ListPage';
import { useT } from '@renderer/i18n/useT';
import { useAppDispatch, useAppSelector } from '@renderer/store/hooks';
import { HOME_PATH, neighbourOf, tabClosed } from '@renderer/store/tabsSlice';
import { hasUnsaved } from '@renderer/store/unsavedSlice';

export interface CloseTabOptions {
  /** Where to go afterwards; by default the neighbour tab when the closed one is shown, else nowhere. */
  then?: string;
  /** Close without asking (the changes were just saved). */
  force?: boolean;
}

/**
 * Closes an open tab; a tab with unsaved changes asks first. Resolves to whether it closed.
 */
export function useCloseTab(): (path: string, options?: CloseTabOptions) => Promise<boolean> {
  const t = useT();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const tabs = useAppSelector((s) => s.tabs.tabs);
  const unsaved = useAppSelector((s) => s.unsaved);

  return useCallback(async (path, { then, force = false } = {}) => {
    if (!force && hasUnsaved({ unsaved }, path)) {
      const ok = await confirm({ title: t('tabs.unsavedTitle'), message: t('tabs.unsavedText'), danger: true });
      if (!ok) return false;
    }
    const neighbour = neighbourOf(tabs, path);
    dispatch(tabClosed(path));
    const next = then ?? (path === pathname ? (neighbour?.value ?? HOME_PATH) : undefined);
    if (next) void navigate(next);
    return true;
  }, [confirm, dispatch, navigate, pathname, t, tabs, unsaved]);
}
