// /auth/callback (docs/product/spec.md §2, §4): where the account e-mails' links land. type=recovery → the new-password
// form; type=unlock → the login ceiling cleared; otherwise the sign-up confirmation ('Confirmando seu e-mail...'), then
// on like after a login, or to /auth after 0.5 s.
import './i18n';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { resetPasswordSchema } from '../../../core/identity/account-schemas';
import {
  CONFIRM_REDIRECT_DELAY_MS,
  LOGIN_REDIRECT_DELAY_MS,
  RESET_REDIRECT_DELAY_MS,
} from '../../../core/identity/post-login-redirect';
import { Button, ButtonLink } from '../../components/button';
import { PasswordField } from '../../components/form-field';
import { AlertIcon, CheckIcon, LockIcon } from '../../components/icons';
import { Spinner } from '../../components/spinner';
import { notify } from '../../lib/toast';
import { useForm } from '../../lib/use-form';
import { focusFirstError, zodFieldErrors, type FieldErrors } from '../../lib/validation';
import { useDocumentTitle } from '../../lib/use-document-title';
import { authApi, type ConfirmResponse } from '../../lib/account-api';
import { apiClient, call } from '../../lib/api';
import { errorMessage } from './errors';
import { destinationAfterLogin, useGoTo } from './redirect';
import { useSession } from '../../lib/session';

export default function CallbackPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const type = params.get('type');
  if (type === 'unlock') return <UnlockAccount token={token} />;
  return type === 'recovery' ? <ResetPassword token={token} /> : <ConfirmEmail token={token} />;
}

// The unlock link is single-use too: one request per token for the life of the page.
const unlocks = new Map<string, Promise<unknown>>();

function UnlockAccount({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('callback.unlockDocTitle'));
  const [state, setState] = useState<'pending' | 'done' | 'failed'>(token ? 'pending' : 'failed');

  useEffect(() => {
    if (!token) return;
    let active = true;
    let pending = unlocks.get(token);
    if (!pending) {
      pending = call(apiClient.POST('/api/auth/unlock', { body: { token } }), { redirectOnUnauthorized: false });
      unlocks.set(token, pending);
    }
    pending.then(
      () => active && setState('done'),
      (error: unknown) => {
        if (!active) return;
        setState('failed');
        notify.error(t('callback.unlockFailedHeading'), errorMessage(error), { id: 'unlock-error' });
      },
    );
    return () => {
      active = false;
    };
  }, [token, t]);

  if (state === 'pending') {
    return (
      <section className="container status-screen" aria-labelledby="unlock-title" aria-busy="true">
        <div className="callback-wait" role="status">
          <Spinner size={40} />
          <h1 id="unlock-title">{t('callback.unlocking')}</h1>
        </div>
      </section>
    );
  }
  const ok = state === 'done';
  return (
    <section className="container status-screen" aria-labelledby="unlock-title">
      <span className={`status-screen__icon${ok ? '' : ' status-screen__icon--danger'}`} aria-hidden="true">
        {ok ? <CheckIcon size={28} /> : <AlertIcon size={28} />}
      </span>
      <h1 id="unlock-title">{ok ? t('callback.unlockedHeading') : t('callback.unlockFailedHeading')}</h1>
      <p className="status-screen__lead">{ok ? t('callback.unlockedBody') : t('callback.errorBody')}</p>
      <ButtonLink to="/auth" replace>
        {t('callback.backToAuth')}
      </ButtonLink>
    </section>
  );
}

// A confirmation token works once: React's development double effects (and a double render) must
// not send it twice, so the request is shared per token for the life of the page.
const confirmations = new Map<string, Promise<ConfirmResponse>>();

function confirmOnce(token: string) {
  let pending = confirmations.get(token);
  if (!pending) {
    pending = authApi.confirm(token);
    confirmations.set(token, pending);
  }
  return pending;
}

function ConfirmEmail({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('callback.docTitle'));
  const navigate = useNavigate();
  const goTo = useGoTo();
  const session = useSession();
  const { signIn } = session;
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let active = true;
    const timers: number[] = [];
    const later = (fn: () => void, ms: number) => timers.push(window.setTimeout(fn, ms));
    const fail = (error?: unknown) => {
      setFailed(true);
      notify.error(t('callback.errorTitle'), error ? errorMessage(error) : t('callback.errorBody'), { id: 'confirm-error' });
      later(() => navigate('/auth', { replace: true }), CONFIRM_REDIRECT_DELAY_MS);
    };

    if (!token) {
      fail();
      return () => timers.forEach((id) => window.clearTimeout(id));
    }
    confirmOnce(token).then(
      (response) => {
        if (!active) return;
        if (!response?.user) {
          later(() => navigate('/auth?confirmed=true', { replace: true }), CONFIRM_REDIRECT_DELAY_MS);
          return;
        }
        const user = response.user;
        signIn(user);
        notify.success(t('callback.confirmedTitle'), t('callback.confirmedBody'), { id: 'confirm-ok' });
        const destination = destinationAfterLogin({ role: user.role, redirectTo: response.redirect_to, redirectState: response.redirect_state });
        later(() => goTo(destination), LOGIN_REDIRECT_DELAY_MS);
      },
      (error: unknown) => {
        if (active) fail(error);
      },
    );
    return () => {
      active = false;
      timers.forEach((id) => window.clearTimeout(id));
    };
  }, [token, t, navigate, goTo, signIn]);

  return (
    <section className="container status-screen" aria-labelledby="callback-title" aria-busy={!failed}>
      {failed ? (
        <>
          <span className="status-screen__icon status-screen__icon--danger" aria-hidden="true">
            <AlertIcon size={28} />
          </span>
          <h1 id="callback-title">{t('callback.failedHeading')}</h1>
          <p className="status-screen__lead">{t('callback.errorBody')}</p>
          <ButtonLink to="/auth" replace>
            {t('callback.backToAuth')}
          </ButtonLink>
        </>
      ) : (
        <div className="callback-wait" role="status">
          <Spinner size={40} />
          <h1 id="callback-title">{t('callback.confirming')}</h1>
        </div>
      )}
    </section>
  );
}

interface ResetValues {
  password: string;
  confirm_password: string;
}

function validateReset(values: ResetValues): FieldErrors {
  const parsed = resetPasswordSchema.safeParse(values);
  return parsed.success ? {} : zodFieldErrors(parsed.error);
}

function ResetPassword({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation();
  useDocumentTitle(t('callback.resetDocTitle'));
  const navigate = useNavigate();
  const session = useSession();
  const formRef = useRef<HTMLFormElement>(null);
  const { values, errors, set, check } = useForm<ResetValues>({ password: '', confirm_password: '' }, validateReset);
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  if (!token) {
    return (
      <section className="container status-screen" aria-labelledby="reset-title">
        <span className="status-screen__icon status-screen__icon--danger" aria-hidden="true">
          <AlertIcon size={28} />
        </span>
        <h1 id="reset-title">{t('callback.missingTokenHeading')}</h1>
        <p className="status-screen__lead">{t('callback.missingTokenBody')}</p>
        <ButtonLink to="/auth" replace>
          {t('callback.requestNew')}
        </ButtonLink>
      </section>
    );
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting || done) return;
    const found = check();
    if (Object.keys(found).length > 0) {
      focusFirstError(found, ['password', 'confirm_password'], formRef.current);
      return;
    }
    setSubmitting(true);
    try {
      await authApi.reset(token, values.password);
      setDone(true);
      // The reset ends every session of that account (this browser's too, if it had one).
      if (session.status === 'signedIn') void session.refresh();
      notify.success(t('callback.resetSuccessTitle'), t('callback.resetSuccessBody'));
      timer.current = window.setTimeout(() => navigate('/auth', { replace: true }), RESET_REDIRECT_DELAY_MS);
    } catch (error) {
      notify.error(t('callback.resetErrorTitle'), errorMessage(error));
    } finally {
      setSubmitting(false);
    }
  };

  const tooShort = errors.password === tc('validation.resetShort');
  return (
    <div className="container narrow-page">
      <section className="panel" aria-labelledby="reset-title">
        <span className="panel__icon" aria-hidden="true">
          <LockIcon size={24} />
        </span>
        <h1 id="reset-title" className="panel__title">
          {t('callback.resetTitle')}
        </h1>
        <p className="muted">{t('callback.resetLead')}</p>
        <form ref={formRef} className="form" noValidate onSubmit={onSubmit} aria-busy={submitting || undefined}>
          <PasswordField
            name="password"
            label={t('callback.password')}
            autoComplete="new-password"
            required
            value={values.password}
            error={errors.password}
            hint={tooShort ? tc('validation.resetShortHint') : undefined}
            onChange={(event) => set({ password: event.target.value })}
          />
          <PasswordField
            name="confirm_password"
            label={t('callback.confirmPassword')}
            autoComplete="new-password"
            required
            value={values.confirm_password}
            error={errors.confirm_password}
            onChange={(event) => set({ confirm_password: event.target.value })}
          />
          <Button type="submit" size="lg" className="form__submit" disabled={submitting || done}>
            {submitting ? t('callback.submitting') : t('callback.submit')}
          </Button>
        </form>
      </section>
    </div>
  );
}
