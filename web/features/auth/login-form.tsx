// Login (docs/product/spec.md §2, §5): e-mail or phone, and password, validated with core's loginSchema, POST /api/auth/login.
// Errors are docs/product/spec.md §8's toasts; on success the page takes over (toast, delay, redirect).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isEmailIdentifier, loginSchema } from '../../../core/identity/auth-schemas';
import { Button } from '../../components/button';
import { PasswordField, TextField } from '../../components/form-field';
import { MailIcon } from '../../components/icons';
import { isApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { serverFieldErrors } from '../../lib/validation';
import { useZodForm } from '../../lib/zod-form';
import { authApi, type LoginResponse } from '../../lib/account-api';
import { errorMessage } from './errors';

export function LoginForm({
  initialEmail = '',
  notice,
  onForgot,
  onSignedIn,
  busy,
}: {
  initialEmail?: string;
  notice?: string | null;
  onForgot: (email: string) => void;
  onSignedIn: (response: LoginResponse) => void;
  /** The page is redirecting after a successful login. */
  busy?: boolean;
}) {
  const { t } = useTranslation('auth');
  const { field, handleSubmit, getValues, setServerErrors } = useZodForm(loginSchema, { email: initialEmail, password: '' });
  const [submitting, setSubmitting] = useState(false);
  // After a 403 email_not_confirmed: the address to resend the confirmation link to.
  const [unconfirmed, setUnconfirmed] = useState<string | null>(null);
  const [resending, setResending] = useState(false);

  const resend = async () => {
    if (!unconfirmed || resending) return;
    setResending(true);
    try {
      await authApi.resendConfirmation(unconfirmed);
      notify.success(t('login.resentTitle'), t('login.resentBody'));
      setUnconfirmed(null);
    } catch (error) {
      notify.error(t('login.resendErrorTitle'), errorMessage(error));
    } finally {
      setResending(false);
    }
  };

  const onSubmit = handleSubmit(async (input) => {
    if (submitting || busy) return;
    setSubmitting(true);
    setUnconfirmed(null);
    try {
      const response = await authApi.login(input);
      onSignedIn(response);
    } catch (error) {
      if (isApiError(error) && error.status === 403 && error.code === 'email_not_confirmed') {
        notify.error(t('login.notConfirmedTitle'), t('login.notConfirmedBody'));
        // A phone cannot receive the link again: the e-mail form is one tab away.
        setUnconfirmed(isEmailIdentifier(input.email) ? input.email : null);
      } else if (isApiError(error) && error.status === 401) {
        notify.error(t('login.errorTitle'), t('login.invalidCredentials'));
      } else {
        if (isApiError(error) && error.status === 400) setServerErrors(serverFieldErrors(error.fields));
        notify.error(t('login.errorTitle'), errorMessage(error));
      }
    } finally {
      setSubmitting(false);
    }
  });

  const working = submitting || busy;
  return (
    <form className="form" noValidate onSubmit={onSubmit} aria-busy={working || undefined}>
      {notice && (
        <p className="form-notice" role="status">
          <MailIcon size={18} />
          <span>{notice}</span>
        </p>
      )}
      {unconfirmed && (
        <div className="form-notice form-notice--column" role="status">
          <p>
            <strong>{t('login.notConfirmedTitle')}.</strong> {t('login.notConfirmedBody')}
          </p>
          <button type="button" className="link-btn" onClick={resend} disabled={resending}>
            {resending ? t('login.resending') : t('login.resend')}
          </button>
        </div>
      )}
      <TextField
        type="text"
        label={t('login.email')}
        autoComplete="username"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        required
        {...field('email')}
      />
      <PasswordField
        label={t('login.password')}
        autoComplete="current-password"
        required
        {...field('password')}
      />
      <div className="form__row-end">
        <button type="button" className="link-btn" onClick={() => onForgot(getValues('email'))}>
          {t('login.forgot')}
        </button>
      </div>
      <Button type="submit" size="lg" className="form__submit" disabled={working}>
        {working ? t('login.submitting') : t('login.submit')}
      </Button>
    </form>
  );
}
