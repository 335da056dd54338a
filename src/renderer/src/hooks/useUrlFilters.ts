import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Filters a link brings in its query string (a dashboard figure opens a list so filtered): `apply` runs
 * once per distinct query string while this screen's own path is shown (a kept-alive screen ignores the
 * queries of other screens).
 */
export function useUrlFilters(apply: (params: URLSearchParams) => void): void {
  const location = useLocation();
  const path = useRef(location.pathname);
  const applied = useRef('');
  const latest = useRef(apply);
  latest.current = apply;
  useEffect(() => {
    if (location.pathname !== path.current || !location.search || location.search === applied.current) return;
    applied.current = location.search;
    latest.current(new URLSearchParams(location.search));
  }, [location.pathname, location.search]);
}

/** A whole non-negative number from the query string, else undefined. */
export function intParam(params: URLSearchParams, name: string): number | undefined {
  const raw = params.get(name);
  return raw !== null && /^\d{1,9}$/.test(raw) ? Number(raw) : undefined;
}

/** A 'YYYY-MM-DD' date from the query string, else undefined. */
export function dateParam(params: URLSearchParams, name: string): string | undefined {
  const raw = params.get(name);
  return raw !== null && /^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : undefined;
}

/** `from` and `to` ('YYYY-MM-DD') as a date-range filter's value, when both are given. */
export function dateRange(params: URLSearchParams): [string, string] | undefined {
  const [from, to] = [dateParam(params, 'from'), dateParam(params, 'to')];
  return from && to ? [from, to] : undefined;
}
