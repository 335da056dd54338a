import { createContext, useContext } from 'react';

/**
 * Where the dialogs of a screen open: the screen area of the tabbed shell (below the open tabs, beside the
 * menu). A screen's dialog then covers its own screen only, so the tabs and the menu stay usable and the
 * dialog stays with its tab (keep-alive). Null outside the shell: dialogs cover the window.
 */
export const OverlayHostContext = createContext<HTMLElement | null>(null);

export const useOverlayHost = (): HTMLElement | null => useContext(OverlayHostContext);
