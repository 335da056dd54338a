/** The toast queue: the HTTP client and screens push, the Toaster component shows one at a time. */
export type ToastSeverity = 'error' | 'warning' | 'info' | 'success';
export interface Toast {
  id: number;
  message: string;
  severity: ToastSeverity;
}

let queue: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function notify(message: string, severity: ToastSeverity = 'error'): void {
  queue = [...queue, { id: nextId++, message, severity }];
  emit();
}

export function dismissToast(id: number): void {
  queue = queue.filter((t) => t.id !== id);
  emit();
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const getToasts = (): Toast[] => queue;

export function clearToasts(): void {
  queue = [];
  emit();
}
