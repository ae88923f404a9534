// The top bar's account corner: "Entrar" when signed out, the user's first name and a menu
// (Meu painel, Meus grupos, Pagamentos, Meu perfil, Sair) when signed in. WAI-ARIA menu button, like the theme menu.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ButtonLink } from '../../components/button';
import { ChevronDownIcon, LayoutIcon, LogOutIcon, UserIcon, UsersIcon, WalletIcon } from '../../components/icons';
import { firstName } from './api';
import { useSession } from './session';

export function AccountMenu() {
  const { t } = useTranslation();
  const session = useSession();

  if (session.status === 'loading') return <span className="account-slot" aria-hidden="true" />;
  if (session.status === 'signedOut') {
    return (
      <ButtonLink to="/auth" size="sm" className="topbar__signin">
        {t('nav.signIn')}
      </ButtonLink>
    );
  }
  return <SignedInMenu name={firstName(session.user)} onSignOut={() => session.signOut('/')} />;
}

function SignedInMenu({ name, onSignOut }: { name: string; onSignOut: () => Promise<boolean> }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const anchorRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!open) return;
    items()[0]?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!anchorRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = (refocus = true) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const move = (next: number) => {
      event.preventDefault();
      list[(next + list.length) % list.length]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        return move(index + 1);
      case 'ArrowUp':
        return move(index - 1);
      case 'Home':
        return move(0);
      case 'End':
        return move(list.length - 1);
      case 'Escape':
        event.preventDefault();
        return close();
      case 'Tab':
        return close(false);
    }
  };

  return (
    <div className="menu-anchor" ref={anchorRef}>
      <button
        ref={buttonRef}
        type="button"
        className="account-btn"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={t('account.menu', { name })}
        onClick={() => setOpen((v) => !v)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <span className="account-btn__avatar" aria-hidden="true">
          {name.slice(0, 1).toUpperCase()}
        </span>
        <span className="account-btn__name">{name}</span>
        <ChevronDownIcon size={14} />
      </button>
      {open && (
        <div ref={menuRef} id={menuId} role="menu" aria-label={t('account.menu', { name })} className="menu" onKeyDown={onMenuKeyDown}>
          <Link to="/dashboard" role="menuitem" tabIndex={-1} className="menu__item" onClick={() => close(false)}>
            <LayoutIcon size={18} />
            <span>{t('account.dashboard')}</span>
          </Link>
          <Link to="/my-groups" role="menuitem" tabIndex={-1} className="menu__item" onClick={() => close(false)}>
            <UsersIcon size={18} />
            <span>{t('account.myGroups')}</span>
          </Link>
          <Link to="/payment-history" role="menuitem" tabIndex={-1} className="menu__item" onClick={() => close(false)}>
            <WalletIcon size={18} />
            <span>{t('account.payments')}</span>
          </Link>
          <Link to="/profile" role="menuitem" tabIndex={-1} className="menu__item" onClick={() => close(false)}>
            <UserIcon size={18} />
            <span>{t('account.profile')}</span>
          </Link>
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className="menu__item"
            onClick={() => {
              close(false);
              void onSignOut();
            }}
          >
            <LogOutIcon size={18} />
            <span>{t('account.signOut')}</span>
          </button>
        </div>
      )}
    </div>
  );
}
