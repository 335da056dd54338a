import { useCallback, useState } from 'react';

/** Undo/redo over whole values (a label is small): at most 100 steps back. */
export interface History<T> {
  present: T;
  canUndo: boolean;
  canRedo: boolean;
  /** A new step (a drag ended, a field changed); `replace` changes the present without a step (typing on). */
  set: (next: T, replace?: boolean) => void;
  undo: () => void;
  redo: () => void;
  /** Starts over from `value` (loaded from the server). */
  reset: (value: T) => void;
}

const LIMIT = 100;

export function useHistory<T>(initial: T): History<T> {
  const [state, setState] = useState({ past: [] as T[], present: initial, future: [] as T[] });
  const set = useCallback((next: T, replace = false) => setState((s) => (next === s.present ? s
    : replace ? { ...s, present: next, future: [] } : { past: [...s.past, s.present].slice(-LIMIT), present: next, future: [] })), []);
  const undo = useCallback(() => setState((s) => (s.past.length ? { past: s.past.slice(0, -1), present: s.past[s.past.length - 1]!, future: [s.present, ...s.future] } : s)), []);
  const redo = useCallback(() => setState((s) => (s.future.length ? { past: [...s.past, s.present], present: s.future[0]!, future: s.future.slice(1) } : s)), []);
  const reset = useCallback((value: T) => setState({ past: [], present: value, future: [] }), []);
  return { present: state.present, canUndo: state.past.length > 0, canRedo: state.future.length > 0, set, undo, redo, reset };
}
