// The one toast system of the app (docs/product/spec.md §8, §9), drawn in the app's theme. Screens call `notify.*`
// with translated titles; nothing else renders toasts. The toaster (sonner) loads in its own chunk
// after the first render; a toast asked for before it is ready waits for it.
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import type { toast as sonnerToast } from 'sonner';

export const TOAST_DURATION_MS = 2000;
export const TOAST_VISIBLE = 3;
export const TOAST_GAP_PX = 14;

type ToastApi = typeof sonnerToast;

const SonnerToaster = lazy(() => import('./toaster'));

let ready: ToastApi | null = null;
const waiting: ((api: ToastApi) => void)[] = [];

function onReady(api: ToastApi) {
  ready = api;
  waiting.splice(0).forEach((show) => show(api));
}

function withToaster(show: (api: ToastApi) => void) {
  if (ready) show(ready);
  else waiting.push(show);
}

/**
 * The toaster, drawn once the app runs and not in the server's HTML: a server-rendered toaster would be a Suspense
 * boundary left unhydrated until its chunk arrives, and a language switched meanwhile would make React hydrate it with
 * the other language's text (a hydration mismatch).
 */
export function AppToaster() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster onReady={onReady} />
    </Suspense>
  );
}

interface NotifyOptions {
  /** Same id → the toast is replaced instead of stacked (e.g. a query-param toast in StrictMode). */
  id?: string;
}

function options(description: ReactNode | undefined, extra?: NotifyOptions) {
  return { ...(description ? { description } : {}), ...(extra?.id ? { id: extra.id } : {}) };
}

export const notify = {
  success: (title: string, description?: ReactNode, extra?: NotifyOptions) =>
    withToaster((api) => api.success(title, options(description, extra))),
  error: (title: string, description?: ReactNode, extra?: NotifyOptions) =>
    withToaster((api) => api.error(title, options(description, extra))),
  info: (title: string, description?: ReactNode, extra?: NotifyOptions) =>
    withToaster((api) => api.info(title, options(description, extra))),
};
