import { cloneElement, type ReactElement, type ReactNode } from 'react';
import { useAutoPermission, usePermission, type AutoPermissionMode } from './permission';

/** Renders its children only when the user holds one of the keys. */
export function HasPermission({ keys, children }: { keys: readonly string[]; children: ReactNode }) {
  return usePermission(keys) ? <>{children}</> : null;
}

/** The inverse: renders its children only when the user holds none of the keys. */
export function LacksPermission({ keys, children }: { keys: readonly string[]; children: ReactNode }) {
  return usePermission(keys) ? null : <>{children}</>;
}

/**
 * Looks up the button `name` among the buttons the current page declares in the menu list; when the user
 * lacks its key the child is removed, or in disable mode greyed out and disabled.
 */
export function AutoPermission({ name, mode = 'remove', children }: { name: string; mode?: AutoPermissionMode; children: ReactElement<{ disabled?: boolean }> }) {
  const state = useAutoPermission(name, mode);
  if (state === 'remove') return null;
  if (state === 'disable') return cloneElement(children, { disabled: true });
  return children;
}
