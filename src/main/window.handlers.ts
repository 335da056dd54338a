import type { IpcHandlers } from './ipc';

type WindowHandlers = Pick<IpcHandlers, 'window:maximize' | 'window:isMaximized' | 'window:reload'>;

/** Window functions the renderer asks for: maximise around the login screen, reload after a chunk failure. */
export function windowHandlers(): WindowHandlers {
  return {
    'window:maximize': ({ window }) => {
      if (window && !window.isMaximized()) window.maximize();
    },
    'window:isMaximized': ({ window }) => window?.isMaximized() ?? false,
    'window:reload': ({ sender }) => sender.reload(),
  };
}
