import { BrowserWindow, ipcMain, type IpcMainEvent, type IpcMainInvokeEvent, type WebContents } from 'electron';
import {
  EVENT_CHANNELS,
  INVOKE_CHANNELS,
  SEND_CHANNELS,
  type EventChannel,
  type InvokeChannel,
  type IpcEventContract,
  type IpcInvokeContract,
  type IpcSendContract,
  type SendChannel,
} from '../shared/ipc';
import { isAppUrl } from './app-origin';

/**
 * The only file that touches ipcMain. Domain modules (window.handlers.ts, settings.handlers.ts, later
 * printers and scales) export handler maps keyed by channel; index.ts merges them and the type below
 * makes a missing channel a compile error (and registerIpcHandlers a start-up error).
 */
export interface IpcContext {
  sender: WebContents;
  /** The window the call came from, if it is one of ours. */
  window: BrowserWindow | null;
}

export type InvokeHandlers = {
  [C in InvokeChannel]: (
    ctx: IpcContext,
    ...args: IpcInvokeContract[C]['args']
  ) => IpcInvokeContract[C]['result'] | Promise<IpcInvokeContract[C]['result']>;
};
export type SendHandlers = {
  [C in SendChannel]: (ctx: IpcContext, ...args: IpcSendContract[C]['args']) => void;
};
export type IpcHandlers = InvokeHandlers & SendHandlers;

export class UntrustedSenderError extends Error {
  constructor(channel: string) {
    super(`IPC call on ${channel} refused: sender is not the app renderer`);
    this.name = 'UntrustedSenderError';
  }
}

type SenderEvent = Pick<IpcMainInvokeEvent, 'sender' | 'senderFrame'>;

/**
 * Answer only the top frame of a page served from our renderer origin (app://renderer, or the vite dev
 * server). Navigation away is blocked anyway; this also keeps out iframes and anything a bug let in.
 */
export function isTrustedSender(event: SenderEvent, devUrl?: string): boolean {
  const frame = event.senderFrame;
  if (!frame) return false;
  if (frame.parent !== null) return false;
  return isAppUrl(frame.url, devUrl);
}

function contextOf(event: SenderEvent): IpcContext {
  return { sender: event.sender, window: BrowserWindow.fromWebContents(event.sender) };
}

export function registerIpcHandlers(handlers: IpcHandlers, options: { devUrl?: string } = {}): void {
  // Handler maps are merged from several modules with spreads; check at run time as well as compile time.
  for (const channel of [...INVOKE_CHANNELS, ...SEND_CHANNELS]) {
    if (typeof handlers[channel] !== 'function') throw new Error(`No IPC handler for ${channel}`);
  }
  for (const channel of INVOKE_CHANNELS) {
    const handler = handlers[channel] as (ctx: IpcContext, ...args: unknown[]) => unknown;
    ipcMain.handle(channel, (event: IpcMainInvokeEvent, ...args: unknown[]) => {
      if (!isTrustedSender(event, options.devUrl)) throw new UntrustedSenderError(channel);
      return handler(contextOf(event), ...args);
    });
  }
  for (const channel of SEND_CHANNELS) {
    const handler: (ctx: IpcContext, ...args: unknown[]) => void = handlers[channel];
    ipcMain.on(channel, (event: IpcMainEvent, ...args: unknown[]) => {
      if (!isTrustedSender(event, options.devUrl)) {
        console.warn(new UntrustedSenderError(channel).message);
        return;
      }
      handler(contextOf(event), ...args);
    });
  }
}

/** Main → renderer event, typed by the contract; silently skipped for a window already closed. */
export function sendEvent<E extends EventChannel>(
  win: BrowserWindow | null | undefined,
  channel: E,
  payload: IpcEventContract[E]['payload'],
): void {
  if (!EVENT_CHANNELS.includes(channel)) throw new Error(`Unknown IPC event ${channel}`);
  if (!win || win.isDestroyed() || win.webContents.isDestroyed()) return;
  win.webContents.send(channel, payload);
}

/** Broadcast to every open window (settings changes concern them all). */
export function broadcastEvent<E extends EventChannel>(channel: E, payload: IpcEventContract[E]['payload']): void {
  for (const win of BrowserWindow.getAllWindows()) sendEvent(win, channel, payload);
}
