import { app, type BrowserWindow } from 'electron';

type FocusableWindow = Pick<BrowserWindow, 'isDestroyed' | 'isMinimized' | 'restore' | 'isVisible' | 'show' | 'focus'>;

/** Brings the running client to the front: restored if minimised, shown if hidden, focused. */
export function focusWindow(win: FocusableWindow | undefined | null): void {
  if (!win || win.isDestroyed()) return;
  if (win.isMinimized()) win.restore();
  if (!win.isVisible()) win.show();
  win.focus();
}

/**
 * One client per PC: a workstation holds serial scales and a print-agent port, which a second copy could
 * not open. Returns false when another instance runs (the caller quits); otherwise a later launch focuses
 * this instance's window instead of opening another client.
 */
export function claimSingleInstance(mainWindow: () => FocusableWindow | undefined): boolean {
  if (!app.requestSingleInstanceLock()) return false;
  app.on('second-instance', () => focusWindow(mainWindow()));
  return true;
}
