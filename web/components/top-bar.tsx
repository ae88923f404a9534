// The site header: logo, section links (desktop), theme and language controls, and "Entrar".
import { useTranslation } from 'react-i18next';
import { ButtonLink } from './button';
import { HashLink } from './hash-link';
import { LanguageSwitcher } from './language-switcher';
import { Logo } from './logo';
import { ThemeToggle } from './theme-toggle';

export function TopBar() {
  const { t } = useTranslation();
  return (
    <header className="topbar">
      <div className="topbar__inner container">
        <Logo />
        <nav className="topbar__nav" aria-label={t('a11y.mainNav')}>
          <HashLink to="#como-funciona">{t('nav.howItWorks')}</HashLink>
          <HashLink to="#planos">{t('nav.plans')}</HashLink>
          <HashLink to="#duvidas">{t('nav.faq')}</HashLink>
        </nav>
        <div className="topbar__actions">
          <ThemeToggle />
          <LanguageSwitcher />
          <ButtonLink to="/auth" size="sm" className="topbar__signin">
            {t('nav.signIn')}
          </ButtonLink>
        </div>
      </div>
    </header>
  );
}
