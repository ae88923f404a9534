// The providers around the router, shared by the browser (app.tsx) and the server render (web/entry-server.tsx).
import { StrictMode, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { DehydratedState, QueryClient } from '@tanstack/react-query';
import { i18n } from '../i18n';
import { AppErrorBoundary } from './error-screen';
import { QueryProvider } from './query-provider';
import { RenderedAt, RenderedAtDone } from '../lib/use-now';

const noop = () => undefined;

/** `renderedAt`: the instant the server drew the page (on the server, and in the browser until `onHydrated`). */
export function AppProviders({
  children,
  queryClient,
  initialState,
  renderedAt = null,
  onHydrated = noop,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
  initialState?: DehydratedState | null;
  renderedAt?: number | null;
  onHydrated?: () => void;
}) {
  return (
    <StrictMode>
      <AppErrorBoundary>
        <I18nextProvider i18n={i18n}>
          <QueryProvider client={queryClient} initialState={initialState}>
            <RenderedAt.Provider value={renderedAt}>
              <RenderedAtDone.Provider value={onHydrated}>{children}</RenderedAtDone.Provider>
            </RenderedAt.Provider>
          </QueryProvider>
        </I18nextProvider>
      </AppErrorBoundary>
    </StrictMode>
  );
}
