import { useCallback, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '@renderer/store/hooks';
import { screenValueSet } from '@renderer/store/screenStateSlice';

type SetState<T> = (next: T | ((prev: T) => T)) => void;

/**
 * useState kept per screen in the store under `name`, so it survives a switch of tabs (see
 * screenStateSlice). Without a name it is plain component state.
 */
export function useScreenState<T>(name: string | undefined, initial: T): [T, SetState<T>] {
  const { pathname } = useLocation();
  const key = name ? `${pathname}#${name}` : undefined;
  const stored = useAppSelector((s) => (key ? (s.screenState[key] as T | undefined) : undefined));
  const [own, setOwn] = useState(initial);
  const value = key ? (stored ?? initial) : own;
  const setStored = useScreenSetter(name ?? '', initial);
  const set = useCallback<SetState<T>>((next) => (key ? setStored(next) : setOwn(next)), [key, setStored]);
  return [value, set];
}

/**
 * The setter of useScreenState(name, initial) alone: a component that only writes the value is not rendered again
 * when it changes.
 */
export function useScreenSetter<T>(name: string, initial: T): SetState<T> {
  const { pathname } = useLocation();
  const key = `${pathname}#${name}`;
  const dispatch = useAppDispatch();
  return useCallback<SetState<T>>((next) => {
    // Read the latest stored value at dispatch time, so two updates in one event both apply.
    dispatch((inner, getState) => {
      const prev = (getState().screenState[key] as T | undefined) ?? initial;
      inner(screenValueSet({ key, value: typeof next === 'function' ? (next as (p: T) => T)(prev) : next }));
    });
  }, [dispatch, key, initial]);
}
