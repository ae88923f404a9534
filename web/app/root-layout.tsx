// Shell around every screen: skip link, top bar, the lazily loaded screen, footer.
import { Suspense, type MouseEvent } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Footer } from '../components/footer';
import { PageSpinner } from '../components/spinner';
import { TopBar } from '../components/top-bar';

function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById('conteudo');
  if (!main) return;
  event.preventDefault();
  main.focus();
  main.scrollIntoView();
}

export function RootLayout() {
  const { t } = useTranslation();
  return (
    <>
      <a href="#conteudo" className="skip-link" onClick={skipToContent}>
        {t('a11y.skipToContent')}
      </a>
      <TopBar />
      <main id="conteudo" tabIndex={-1} className="main">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <ScrollRestoration />
    </>
  );
}
