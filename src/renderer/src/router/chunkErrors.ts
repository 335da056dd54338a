import { lazy, type ComponentType } from 'react';

type Listener = (error: unknown) => void;
const listeners = new Set<Listener>();

export function onChunkLoadError(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function reportChunkLoadError(error: unknown): void {
  console.error('Route chunk failed to load', error);
  listeners.forEach((l) => l(error));
}

/** React.lazy whose load failure (usually a new deployment) asks for a reload instead of crashing. */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>, Fallback: ComponentType) {
  return lazy(() =>
    load().catch((error: unknown) => {
      reportChunkLoadError(error);
      return { default: Fallback };
    }),
  );
}
