// "Esqueci minha senha" (SPEC §5): core's forgotPasswordSchema gives 'Informe seu email' or
// 'E-mail inválido' + the example hint; POST /api/auth/recover always answers 200, so success says
// "check your inbox" without telling whether the account exists.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { forgotPasswordSchema } from '../../../core/identity/account-schemas';
import { Button } from '../../components/button';
import { TextField } from '../../components/form-field';
import { notify } from '../../lib/toast';
import { useForm } from '../../lib/use-form';
import { zodFieldErrors, type FieldErrors } from '../../lib/validation';
import { authApi } from './api';
import { errorMessage } from './errors';

function validate(values: { email: string }): FieldErrors {
  const parsed = forgotPasswordSchema.safeParse(values);
  return parsed.success ? {} : zodFieldErrors(parsed.error);
}

export function ForgotPasswordForm({ initialEmail, onDone }: { initialEmail: string; onDone: (email: string) => void }) {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const { values, errors, set, check } = useForm({ email: initialEmail }, validate);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    if (check().email) {
      inputRef.current?.focus();
      return;
    }
    const { email } = forgotPasswordSchema.parse(values);
    setSubmitting(true);
    try {
      await authApi.recover(email);
      notify.success(t('forgot.successTitle'), t('forgot.successBody'));
      onDone(email);
    } catch (error) {
      notify.error(t('forgot.errorTitle'), errorMessage(error));
    } finally {
      setSubmitting(false);
    }
  };

  const invalid = errors.email === tc('validation.forgotInvalid');
  return (
    <form className="form" noValidate onSubmit={onSubmit} aria-labelledby="forgot-title">
      <div className="form__intro">
        <h2 id="forgot-title" className="form__title">
          {t('forgot.title')}
        </h2>
        <p className="muted">{t('forgot.lead')}</p>
      </div>
      <TextField
        ref={inputRef}
        name="email"
        type="email"
        label={t('forgot.email')}
        autoComplete="email"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        value={values.email}
        error={errors.email}
        hint={invalid ? tc('validation.forgotHint') : undefined}
        onChange={(event) => set({ email: event.target.value })}
      />
      <Button type="submit" size="lg" className="form__submit" disabled={submitting}>
        {submitting ? t('forgot.submitting') : t('forgot.submit')}
      </Button>
      <button type="button" className="link-btn form__back" onClick={() => onDone(values.email)}>
        {t('forgot.back')}
      </button>
    </form>
  );
}
