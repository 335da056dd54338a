import { useEffect, useId } from 'react';
import { useScreenTab } from '@renderer/layout/screenTab';
import { useUnsavedParts } from './unsavedParts';

/**
 * Tells the screen's tab that this part of it (a form, a dialog) holds unsaved changes: closing the tab
 * then asks first. What a part reported stays while its tab is hidden, and is forgotten when the part
 * goes away from a shown tab (a dialog closed) or the tab closes. Inside a dialog (AppDialog) the dialog
 * is told too, and asks before it closes. Outside a tab and a dialog (a test) it does nothing.
 */
export function useUnsavedChanges(dirty: boolean): void {
  const tab = useScreenTab();
  const dialog = useUnsavedParts();
  const part = useId();
  useEffect(() => {
    if (!tab) return;
    tab.reportUnsaved(part, dirty);
    return () => {
      // Hidden with its tab (keep-alive cleans effects up too): the changes are still there.
      if (tab.shown.current) tab.reportUnsaved(part, false);
    };
  }, [tab, part, dirty]);
  useEffect(() => {
    if (!dialog) return;
    dialog.report(part, dirty);
    return () => dialog.report(part, false);
  }, [dialog, part, dirty]);
}
