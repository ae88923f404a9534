// Providers and the router.
import { StrictMode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { i18n } from '../i18n';
import { AppErrorBoundary } from './error-screen';
import { QueryProvider } from './query-provider';
import { routes } from './routes';

const router = createBrowserRouter(routes);

export function App() {
  return (
    <StrictMode>
      <AppErrorBoundary>
        <I18nextProvider i18n={i18n}>
          <QueryProvider>
            <RouterProvider router={router} />
          </QueryProvider>
        </I18nextProvider>
      </AppErrorBoundary>
    </StrictMode>
  );
}
