/**
 * A new release of the web UI, installed by the service worker and waiting (register.ts): the notice shows it,
 * and the operator's 刷新 applies it. A module store, as notify/toast.ts, so the registration needs no React.
 */
export type ApplyUpdate = () => Promise<void>;

let offer: ApplyUpdate | null = null;
const listeners = new Set<() => void>();

/** The service worker has a new release waiting; `apply` activates it and reloads the page. */
export function offerUpdate(apply: ApplyUpdate): void {
  offer = apply;
  listeners.forEach((listener) => listener());
}

export function subscribeUpdateOffer(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const getUpdateOffer = (): ApplyUpdate | null => offer;

/** For tests: no release waiting. */
export function clearUpdateOffer(): void {
  offer = null;
  listeners.forEach((listener) => listener());
}
