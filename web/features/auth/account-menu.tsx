// The top bar's account corner: "Entrar" when signed out, the user's first name and a menu
// (Meu painel, Meus grupos, Meus pedidos, Notificações, Pagamentos, Meu perfil, Sair) when signed in. WAI-ARIA menu button, like the theme menu.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ButtonLink } from '../../components/button';
import { MenuButton } from '../../components/menu-button';
import { ACCOUNT_LINKS } from '../../components/account-links';
import { ChevronDownIcon, LogOutIcon } from '../../components/icons';
import { firstName } from '../../lib/account-api';
import { useSession } from '../../lib/session';

export function AccountMenu() {
  const { t } = useTranslation();
  const session = useSession();

  // data-session-pending: a server-drawn page with this slot was drawn for a session (web/ssr/state.ts).
  if (session.status === 'loading') return <span className="account-slot" aria-hidden="true" data-session-pending="" />;
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
  return (
    <MenuButton
      className="account-btn"
      label={t('account.menu', { name })}
      button={
        <>
          {/* The initial is drawn by CSS: as text it would be part of the visible label ("R Renata"), which the
              button's name ("Menu da conta de Renata") must contain for voice control. */}
          <span className="account-btn__avatar" aria-hidden="true" data-initial={name.slice(0, 1).toUpperCase()} />
          <span className="account-btn__name">{name}</span>
          <ChevronDownIcon size={14} />
        </>
      }
    >
      {(close) => (
        <>
          {ACCOUNT_LINKS.map(({ to, icon: Icon, label }) => (
            <Link key={to} to={to} role="menuitem" tabIndex={-1} className="menu__item" onClick={() => close(false)}>
              <Icon size={18} />
              <span>{t(label)}</span>
            </Link>
          ))}
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
        </>
      )}
    </MenuButton>
  );
}
