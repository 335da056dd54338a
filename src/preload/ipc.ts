import { ipcRenderer, type IpcRendererEvent } from 'electron';
import {
  EVENT_CHANNELS,
  INVOKE_CHANNELS,
  SEND_CHANNELS,
  methodName,
  type DesktopApi,
  type EventChannel,
  type IpcEventContract,
} from '../shared/ipc';

/**
 * The only file that touches ipcRenderer. window.api is generated from the contract's channel lists, so
 * the renderer can call exactly the channels main answers, under the methodName() names, and nothing else
 * (no raw ipcRenderer, no arbitrary channel strings).
 */
type IpcRendererLike = Pick<typeof ipcRenderer, 'invoke' | 'send' | 'on' | 'removeListener'>;

const KNOWN_EVENTS: ReadonlySet<string> = new Set(EVENT_CHANNELS);

export function buildApi(renderer: IpcRendererLike = ipcRenderer): DesktopApi {
  const api: Record<string, unknown> = {};
  for (const channel of INVOKE_CHANNELS) {
    api[methodName(channel)] = (...args: unknown[]) => renderer.invoke(channel, ...args);
  }
  for (const channel of SEND_CHANNELS) {
    api[methodName(channel)] = (...args: unknown[]) => renderer.send(channel, ...args);
  }
  api.on = <E extends EventChannel>(event: E, listener: (payload: IpcEventContract[E]['payload']) => void) => {
    // An unknown name subscribes to nothing rather than exposing an arbitrary ipcRenderer channel.
    if (!KNOWN_EVENTS.has(event)) return () => {};
    // The IpcRendererEvent is dropped: it would hand the page the sender and ports.
    const wrapped = (_event: IpcRendererEvent, payload: IpcEventContract[E]['payload']) => listener(payload);
    renderer.on(event, wrapped);
    return () => {
      renderer.removeListener(event, wrapped);
    };
  };
  return api as DesktopApi;
}
