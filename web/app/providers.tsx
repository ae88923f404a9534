// The providers around the router, shared by the browser (app.tsx) and the server render (web/entry-server.tsx).
import { StrictMode, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { DehydratedState, QueryClient } from '@tanstack/react-query';
import { i18n } from '../i18n';
import { AppErrorBoundary } from './error-screen';
import { QueryProvider } from './query-provider';

export function AppProviders({ children, queryClient, initialState }: { children: ReactNode; queryClient?: QueryClient; initialState?: DehydratedState | null }) {
  return (
    <StrictMode>
      <AppErrorBoundary>
        <I18nextProvider i18n={i18n}>
          <QueryProvider client={queryClient} initialState={initialState}>
            {children}
          </QueryProvider>
        </I18nextProvider>
      </AppErrorBoundary>
    </StrictMode>
  );
}
