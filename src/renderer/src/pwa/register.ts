/// <reference types="vite-plugin-pwa/client" />
import { registerSW } from 'virtual:pwa-register';
import { offerUpdate } from './updateOffer';

/** How often an open station asks the server for a new release (a station stays open for a whole shift). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (electron.vite.config.ts) and its update policy: PROMPT, not autoUpdate.
 * A new release installs in the background (its files precached) and then waits; the operator sees
 * 新版本可用 — 刷新 (UpdateNotice) and refreshes when the hands are free. Never a reload by itself: an automatic one
 * would land mid-scan — a scale filling, a form half typed, a verdict being read — and "only when no scan is queued"
 * is no safer, since the queue is empty exactly while an operator works online. The kept scans are in IndexedDB,
 * so the refresh itself loses none. Until then the old release runs whole from its own precache.
 */
export function registerServiceWorker(): void {
  // This tab asked for the new release (its 刷新): reload when the new worker takes over.
  let requested = false;
  const updateSW = registerSW({
    immediate: true,
    onNeedRefresh: () =>
      offerUpdate(async () => {
        requested = true;
        await updateSW(true);
      }),
    onNeedReload: () => {
      // Another tab's 刷新 activated the new release under this one: offer the reload here too, never force it.
      if (requested) window.location.reload();
      else offerUpdate(async () => window.location.reload());
    },
    onRegisteredSW: (_url, registration) => {
      if (!registration) return;
      // Once the start is over: the camera's reader for browsers without their own (a failure is tried at the next start).
      setTimeout(() => {
        if (navigator.onLine) import('@renderer/stations/barcodeDetector').then((m) => m.keepReaderOffline()).catch(() => undefined);
      }, 5_000);
      setInterval(() => {
        // With the server away the check fails; the next one tries again.
        if (navigator.onLine) registration.update().catch(() => undefined);
      }, UPDATE_CHECK_MS);
    },
    onRegisterError: (error: unknown) => console.warn('service worker registration failed', error),
  });
}
