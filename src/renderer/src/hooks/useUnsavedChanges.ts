import { useEffect, useId } from 'react';
import { useScreenTab } from '@renderer/layout/screenTab';

/**
 * Tells the screen's tab that this part of it (a form, a dialog) holds unsaved changes: closing the tab
 * then asks first. What a part reported stays while its tab is hidden, and is forgotten when the part
 * goes away from a shown tab (a dialog closed) or the tab closes. Outside a tab (a test, a root dialog)
 * it does nothing.
 */
export function useUnsavedChanges(dirty: boolean): void {
  const tab = useScreenTab();
  const part = useId();
  useEffect(() => {
    if (!tab) return;
    tab.reportUnsaved(part, dirty);
    return () => {
      // Hidden with its tab (keep-alive cleans effects up too): the changes are still there.
      if (tab.shown.current) tab.reportUnsaved(part, false);
    };
  }, [tab, part, dirty]);
}
