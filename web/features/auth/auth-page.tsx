// /auth (docs/product/spec.md §2): login and sign-up as two tabs, the forgot-password form inside the login tab. Query
// params: `next` (return after login), `confirmed=true` and `type=professional_pending` (toasts), `mode=signup`.
// Signed-in visitors are sent on (to `next`, or their home).
import './i18n';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { LOGIN_REDIRECT_DELAY_MS } from '../../../core/identity/post-login-redirect';
import { CheckIcon } from '../../components/icons';
import { PageSpinner } from '../../components/spinner';
import { notify } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import type { LoginResponse } from '../../lib/account-api';
import { ForgotPasswordForm } from './forgot-password-form';
import { LoginForm } from './login-form';
import { destinationAfterLogin, useGoTo } from './redirect';
import { useSession } from '../../lib/session';
import { SignupForm } from './signup-form';

type Tab = 'login' | 'signup';
type LoginView = 'form' | 'forgot';

/** Params that only announce something: shown once as a toast, then dropped from the URL. */
function useAnnouncements() {
  const { t } = useTranslation('auth');
  const [params, setParams] = useSearchParams();
  const confirmed = params.get('confirmed') === 'true';
  const pending = params.get('type') === 'professional_pending';

  useEffect(() => {
    if (!confirmed && !pending) return;
    if (confirmed) notify.success(t('query.confirmedTitle'), t('query.confirmedBody'), { id: 'auth-confirmed' });
    if (pending) notify.info(t('query.pendingTitle'), t('query.pendingBody'), { id: 'auth-professional-pending' });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('confirmed');
        next.delete('type');
        return next;
      },
      { replace: true },
    );
  }, [confirmed, pending, setParams, t]);
}

export default function AuthPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('page.title'));
  useAnnouncements();
  const session = useSession();
  const goTo = useGoTo();
  const [params] = useSearchParams();
  const next = params.get('next');

  const [tab, setTab] = useState<Tab>(params.get('mode') === 'signup' ? 'signup' : 'login');
  const [loginView, setLoginView] = useState<LoginView>('form');
  const [email, setEmail] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  // Set when this page signed the user in: its own delayed redirect runs, not the "already signed in" one.
  const [redirecting, setRedirecting] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const alreadySignedIn = session.status === 'signedIn' && !redirecting;
  const role = session.status === 'signedIn' ? session.user.role : null;
  useEffect(() => {
    if (alreadySignedIn && role) goTo(destinationAfterLogin({ next, role }));
  }, [alreadySignedIn, role, next, goTo]);

  const onSignedIn = (response: LoginResponse) => {
    setRedirecting(true);
    session.signIn(response.user);
    notify.success(t('login.successTitle'));
    const destination = destinationAfterLogin({
      next,
      role: response.user.role,
      redirectTo: response.redirect_to,
      redirectState: response.redirect_state,
    });
    timer.current = window.setTimeout(() => goTo(destination), LOGIN_REDIRECT_DELAY_MS);
  };

  const onSignedUp = (signedUpEmail: string) => {
    setEmail(signedUpEmail);
    setNotice(t('login.afterSignup', { email: signedUpEmail }));
    setLoginView('form');
    setTab('login');
    window.scrollTo({ top: 0 });
  };

  if (session.status === 'loading' || alreadySignedIn) return <PageSpinner />;

  const tabs: { id: Tab; label: string }[] = [
    { id: 'login', label: t('page.login') },
    { id: 'signup', label: t('page.signup') },
  ];
  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    const nextTab: Tab = event.key === 'Home' ? 'login' : event.key === 'End' ? 'signup' : tab === 'login' ? 'signup' : 'login';
    setTab(nextTab);
    document.getElementById(`auth-tab-${nextTab}`)?.focus();
  };

  const perks = t('page.asidePerks', { returnObjects: true }) as unknown as string[];

  return (
    <div className="auth-page">
      <div className="auth container">
        <aside className="auth__aside" aria-label={t('page.asideEyebrow')}>
          <p className="eyebrow">{t('page.asideEyebrow')}</p>
          <p className="auth__pitch">{t('page.asideTitle')}</p>
          <ul className="auth__perks">
            {perks.map((perk) => (
              <li key={perk}>
                <CheckIcon size={18} />
                {perk}
              </li>
            ))}
          </ul>
        </aside>

        <section className={`auth__card auth__card--${tab}`} aria-labelledby="auth-title">
          <header className="auth__head">
            <h1 id="auth-title">{t('page.title')}</h1>
            <p className="muted">{t('page.lead')}</p>
          </header>

          <div role="tablist" aria-label={t('page.tabs')} className="tabs">
            {tabs.map(({ id, label }) => (
              <button
                key={id}
                id={`auth-tab-${id}`}
                type="button"
                role="tab"
                className="tabs__tab"
                aria-selected={tab === id}
                aria-controls={`auth-panel-${id}`}
                tabIndex={tab === id ? 0 : -1}
                onClick={() => setTab(id)}
                onKeyDown={onTabKeyDown}
              >
                {label}
              </button>
            ))}
          </div>

          {tab === 'login' ? (
            <div id="auth-panel-login" role="tabpanel" aria-labelledby="auth-tab-login" className="auth__panel">
              {loginView === 'forgot' ? (
                <ForgotPasswordForm
                  initialEmail={email}
                  onDone={(value) => {
                    setEmail(value);
                    setLoginView('form');
                  }}
                />
              ) : (
                <LoginForm
                  key={email}
                  initialEmail={email}
                  notice={notice}
                  busy={redirecting}
                  onForgot={(value) => {
                    setEmail(value);
                    setLoginView('forgot');
                  }}
                  onSignedIn={onSignedIn}
                />
              )}
              <p className="auth__switch">
                {t('login.noAccount')}{' '}
                <button type="button" className="link-btn" onClick={() => setTab('signup')}>
                  {t('login.createAccount')}
                </button>
              </p>
            </div>
          ) : (
            <div id="auth-panel-signup" role="tabpanel" aria-labelledby="auth-tab-signup" className="auth__panel">
              <SignupForm onSignedUp={onSignedUp} />
              <p className="auth__switch">
                {t('signup.hasAccount')}{' '}
                <button type="button" className="link-btn" onClick={() => setTab('login')}>
                  {t('signup.signIn')}
                </button>
              </p>
            </div>
          )}
        </section>
      </div>
    </div>
  );
}
