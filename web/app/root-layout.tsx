// Shell around every screen: session, skip link, top bar, the lazily loaded screen, footer, toasts.
import { Suspense, type MouseEvent } from 'react';
import { LegalConsentBanner } from '../features/auth/legal-consent-banner';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Footer } from '../components/footer';
import { PageSpinner } from '../components/spinner';
import { TopBar } from '../components/top-bar';
import { AccountMenu } from '../features/auth/account-menu';
import { OriginTracker } from '../features/auth/origin-tracker';
import { SessionProvider } from '../lib/session';
import { CartBadge } from '../components/cart/cart-badge';
import { CartProvider } from '../lib/cart/cart-context';
import { OrderPollingSlot } from '../features/marketplace/order-polling-slot';
import { NotificationBellSlot } from '../features/notifications/bell-slot';
import { AppToaster } from '../lib/toast';
import { AppReady } from './app-ready';
import { CacheOwner } from './query-provider';

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
    <SessionProvider>
      <CacheOwner />
      <CartProvider>
        <OriginTracker />
        <OrderPollingSlot />
        <a href="#conteudo" className="skip-link" onClick={skipToContent}>
          {t('a11y.skipToContent')}
        </a>
        <TopBar account={<AccountMenu />} notifications={<NotificationBellSlot />} cart={<CartBadge />} />
        <main id="conteudo" tabIndex={-1} className="main">
          <LegalConsentBanner />
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
            <AppReady />
          </Suspense>
        </main>
        <Footer />
        <AppToaster />
        <ScrollRestoration />
      </CartProvider>
    </SessionProvider>
  );
}
