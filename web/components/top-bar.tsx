// The site header: logo, section links (desktop), theme and language controls, the notification
// corner (signed in) and the account corner (the app passes the session-aware ones; "Entrar" without),
// and the cart link with its count. Below 860 px the section links move into the phone navigation (PhoneNav).
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ButtonLink } from './button';
import { HashLink } from './hash-link';
import { LanguageSwitcher } from './language-switcher';
import { Logo } from './logo';
import { PhoneNav } from './phone-nav';
import { ThemeToggle } from './theme-toggle';

export function TopBar({ account, notifications, cart }: { account?: ReactNode; notifications?: ReactNode; cart?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <header className="topbar">
      <div className="topbar__inner container">
        <Logo />
        <nav className="topbar__nav" aria-label={t('a11y.mainNav')}>
          <HashLink to="#como-funciona">{t('nav.howItWorks')}</HashLink>
          <HashLink to="#planos">{t('nav.plans')}</HashLink>
          <HashLink to="#duvidas">{t('nav.faq')}</HashLink>
          <Link to="/marketplace/products">{t('nav.products')}</Link>
        </nav>
        <div className="topbar__actions">
          <ThemeToggle />
          <LanguageSwitcher />
          {cart}
          {notifications}
          {account ?? (
            <ButtonLink to="/auth" size="sm" className="topbar__signin">
              {t('nav.signIn')}
            </ButtonLink>
          )}
          <PhoneNav />
        </div>
      </div>
    </header>
  );
}
