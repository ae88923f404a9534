// The phone navigation (below 860 px): a disclosure button opening a panel with the site's sections and, signed in,
// the person's own screens. Opening focuses the first link; Esc, a link, an outside click or a new page close it, and
// Esc gives focus back to the button.
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useSession } from '../lib/session';
import { ACCOUNT_LINKS } from './account-links';
import { HashLink } from './hash-link';

function MenuGlyph({ open }: { open: boolean }) {
  return (
    <svg width={22} height={22} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" aria-hidden="true">
      {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
    </svg>
  );
}

export function PhoneNav() {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const anchorRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLElement>(null);

  // A new page (or hash) closes the menu.
  const [seen, setSeen] = useState(location.key);
  if (seen !== location.key) {
    setSeen(location.key);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!anchorRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const close = () => setOpen(false);
  const signedIn = session.status === 'signedIn';

  return (
    <div className="phone-nav" ref={anchorRef}>
      <button
        ref={buttonRef}
        type="button"
        className="icon-btn phone-nav__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={open ? t('nav.closeMenu') : t('nav.openMenu')}
        onClick={() => setOpen((v) => !v)}
      >
        <MenuGlyph open={open} />
      </button>
      <nav id={panelId} ref={panelRef} className="phone-nav__panel" aria-label={t('nav.phoneNav')} hidden={!open}>
        <ul className="phone-nav__list">
          <li>
            <NavLink to="/" end onClick={close}>
              {t('nav.home')}
            </NavLink>
          </li>
          <li>
            <HashLink to="#como-funciona" onClick={close}>
              {t('nav.howItWorks')}
            </HashLink>
          </li>
          <li>
            <HashLink to="#planos" onClick={close}>
              {t('nav.plans')}
            </HashLink>
          </li>
          <li>
            <NavLink to="/marketplace/products" onClick={close}>
              {t('nav.products')}
            </NavLink>
          </li>
          <li>
            <NavLink to="/marketplace/services" onClick={close}>
              {t('nav.services')}
            </NavLink>
          </li>
        </ul>
        {signedIn ? (
          <>
            <p className="phone-nav__heading" id={`${panelId}-account`}>
              {t('nav.account')}
            </p>
            <ul className="phone-nav__list" aria-labelledby={`${panelId}-account`}>
              {ACCOUNT_LINKS.map(({ to, icon: Icon, label }) => (
                <li key={to}>
                  <NavLink to={to} onClick={close}>
                    <Icon size={18} />
                    <span>{t(label)}</span>
                  </NavLink>
                </li>
              ))}
            </ul>
          </>
        ) : (
          session.status === 'signedOut' && (
            <Link to="/auth" className="btn btn--primary btn--md phone-nav__signin" onClick={close}>
              {t('nav.signIn')}
            </Link>
          )
        )}
      </nav>
    </div>
  );
}
