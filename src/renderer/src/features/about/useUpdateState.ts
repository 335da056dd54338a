import { useCallback, useEffect, useState } from 'react';
import type { UpdateChannel, UpdateState } from '@shared/updates';
import { notify } from '@renderer/notify/toast';

export interface UpdateControls {
  /** null in a plain browser (no desktop bridge) and until the desktop app answered. */
  state: UpdateState | null;
  check(): Promise<void>;
  setChannel(channel: UpdateChannel): Promise<void>;
  install(): Promise<void>;
}

/** The reason from a rejected IPC call, without Electron's "Error invoking remote method '…': Error:" prefix. */
const message = (e: unknown): string =>
  (e instanceof Error ? e.message : String(e)).replace(/^Error invoking remote method '[^']*':\s*/, '').replace(/^\w*Error:\s*/, '');

/** The desktop bridge when it has the update channels (a browser has no bridge at all). */
export function updatesApi() {
  const api = typeof window === 'undefined' ? undefined : window.api;
  return api && typeof api.updatesGetState === 'function' ? api : undefined;
}

/** The desktop app's update state (src/main/updater.ts), kept current by the updates:state event. */
export function useUpdateState(): UpdateControls {
  const [state, setState] = useState<UpdateState | null>(null);

  useEffect(() => {
    const api = updatesApi();
    if (!api) return;
    let live = true;
    const off = api.on('updates:state', (next) => setState(next));
    api.updatesGetState().then((first) => live && setState((current) => current ?? first), () => {});
    return () => {
      live = false;
      off();
    };
  }, []);

  // The main process throws a Chinese message (an invalid channel, nothing downloaded): show it.
  const run = useCallback(async (call: () => Promise<UpdateState | void>) => {
    try {
      const next = await call();
      if (next) setState(next);
    } catch (e) {
      notify(message(e));
    }
  }, []);

  return {
    state,
    check: () => run(() => updatesApi()!.updatesCheck()),
    setChannel: (channel) => run(() => updatesApi()!.updatesSetChannel(channel)),
    install: () => run(() => updatesApi()!.updatesInstall()),
  };
}
