// The top-level failure screen of docs/product/spec.md §8: 'Ocorreu um erro' / 'Tente recarregar a página.' /
// 'Voltar ao início'; the error message is shown in development only.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';
import { AlertIcon } from '../components/icons';

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (error && typeof error === 'object' && 'statusText' in error) return String((error as { statusText: unknown }).statusText);
  return String(error);
}

export function ErrorScreen({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return (
    <main id="conteudo" className="container status-screen status-screen--error">
      <span className="status-screen__icon" aria-hidden="true">
        <AlertIcon size={28} />
      </span>
      <h1>{t('errorScreen.title')}</h1>
      <p className="status-screen__lead">{t('errorScreen.body')}</p>
      {/* A plain link (full page load): the app state that failed is thrown away. */}
      <a href="/" className="btn btn--primary btn--md">
        {t('errorScreen.home')}
      </a>
      {import.meta.env.DEV && (
        <details className="status-screen__details" open>
          <summary>{t('errorScreen.details')}</summary>
          <pre>{describe(error)}</pre>
        </details>
      )}
    </main>
  );
}

/** errorElement of the root route: errors thrown while rendering any screen. */
export function RouteErrorScreen() {
  return <ErrorScreen error={useRouteError()} />;
}

/** Last line of defence around the router and providers. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (import.meta.env.DEV) console.warn('[turma] render failure', error, info.componentStack);
  }

  override render() {
    return this.state.error !== null ? <ErrorScreen error={this.state.error} /> : this.props.children;
  }
}
