import { createContext, useContext } from 'react';

/** The open tab a screen is rendered in (see KeptScreens). */
export interface ScreenTab {
  /** The tab's path (without the query). */
  path: string;
  /**
   * Whether the tab is the one shown; updated before the hidden screen's effects are cleaned up, so a
   * cleanup can tell "hidden with its tab" (keep what it reported) from "gone" (forget it).
   */
  shown: { readonly current: boolean };
  /** Records whether a part of the screen (useId) holds unsaved changes (see useUnsavedChanges). */
  reportUnsaved: (part: string, dirty: boolean) => void;
}

export const ScreenTabContext = createContext<ScreenTab | null>(null);

/** The tab around the calling component; null outside the tabbed shell (a dialog of the root, a test). */
export const useScreenTab = (): ScreenTab | null => useContext(ScreenTabContext);
