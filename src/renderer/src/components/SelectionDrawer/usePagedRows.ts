import { useEffect, useRef, useState } from 'react';
import type { PickRow } from './selection';

export type FetchPage = (query: { page: number; size: number } & Record<string, unknown>) => Promise<{ list: PickRow[]; total: number }>;

/** Loads one page through fetchPage whenever active, the page or the applied search changes. */
export function usePagedRows(fetchPage: FetchPage, active: boolean, page: number, size: number, search: Record<string, unknown>) {
  const [state, setState] = useState<{ list: PickRow[]; total: number; loading: boolean }>({ list: [], total: 0, loading: false });
  // The caller may pass a new function each render; only the latest is called, and it does not trigger loads.
  const fetchRef = useRef(fetchPage);
  useEffect(() => {
    fetchRef.current = fetchPage;
  });

  useEffect(() => {
    if (!active) return;
    let current = true;
    setState((s) => ({ ...s, loading: true }));
    fetchRef
      .current({ page, size, ...search })
      .then((data) => current && setState({ list: data.list, total: data.total, loading: false }))
      .catch(() => current && setState((s) => ({ ...s, loading: false })));
    return () => {
      current = false;
    };
  }, [active, page, size, search]);

  return state;
}
