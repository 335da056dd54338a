/**
 * Navigation for code outside React (the HTTP client). The router registers its navigate function;
 * nothing here reloads the page.
 */
type NavigateFn = (path: string) => void;
let navigateFn: NavigateFn | null = null;
let lastRequested: string | null = null;

export function registerNavigator(fn: NavigateFn | null): void {
  navigateFn = fn;
}

export function navigateTo(path: string): void {
  lastRequested = path;
  navigateFn?.(path);
}

/** The last path asked for (useful before the router is up, and in tests). */
export const lastNavigation = (): string | null => lastRequested;
