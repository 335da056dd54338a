import { beforeEach, describe, expect, it, vi } from 'vitest';
import { app, BrowserWindow, resetElectronFake } from './electron.fake';
import { claimSingleInstance, focusWindow } from './window-instance';

vi.mock('electron', () => import('./electron.fake'));

beforeEach(() => resetElectronFake());

describe('single instance', () => {
  it('a second launch quits: the caller is told the lock is held elsewhere', () => {
    app.requestSingleInstanceLock.mockReturnValue(false);
    expect(claimSingleInstance(() => undefined)).toBe(false);
    expect(app.count('second-instance')).toBe(0);
  });

  it('the running instance brings its minimised window back to the front on a second launch', () => {
    const win = new BrowserWindow({});
    win.minimized = true;
    win.visible = true;
    expect(claimSingleInstance(() => win)).toBe(true);
    app.emit('second-instance', {}, ['app.exe'], '/');
    expect(win.restore).toHaveBeenCalled();
    expect(win.focus).toHaveBeenCalled();
    expect(win.isMinimized()).toBe(false);
  });

  it('shows a hidden window, and ignores a launch before any window exists or after it closed', () => {
    const win = new BrowserWindow({});
    focusWindow(win);
    expect(win.show).toHaveBeenCalled();
    expect(win.restore).not.toHaveBeenCalled();
    claimSingleInstance(() => undefined);
    expect(() => app.emit('second-instance')).not.toThrow();
    win.destroyed = true;
    win.focus.mockClear();
    focusWindow(win);
    expect(win.focus).not.toHaveBeenCalled();
  });
});
