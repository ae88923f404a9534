// "Esqueci minha senha" (docs/product/spec.md §5): core's forgotPasswordSchema gives 'Informe seu email' or
// 'E-mail inválido' + the example hint; POST /api/auth/recover always answers 200, so success says
// "check your inbox" without telling whether the account exists.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { forgotPasswordSchema } from '../../../core/identity/account-schemas';
import { Button } from '../../components/button';
import { TextField } from '../../components/form-field';
import { notify } from '../../lib/toast';
import { useZodForm } from '../../lib/zod-form';
import { authApi } from '../../lib/account-api';
import { errorMessage } from './errors';

export function ForgotPasswordForm({ initialEmail, onDone }: { initialEmail: string; onDone: (email: string) => void }) {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation();
  const { register, handleSubmit, getValues, errorOf, setFocus } = useZodForm(forgotPasswordSchema, { email: initialEmail });
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    setFocus('email');
  }, [setFocus]);

  const onSubmit = handleSubmit(async ({ email }) => {
    if (submitting) return;
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
  });

  const error = errorOf('email');
  const invalid = error === tc('validation.forgotInvalid');
  return (
    <form className="form" noValidate onSubmit={onSubmit} aria-labelledby="forgot-title">
      <div className="form__intro">
        <h2 id="forgot-title" className="form__title">
          {t('forgot.title')}
        </h2>
        <p className="muted">{t('forgot.lead')}</p>
      </div>
      <TextField
        type="email"
        label={t('forgot.email')}
        autoComplete="email"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        {...register('email')}
        error={error}
        hint={invalid ? tc('validation.forgotHint') : undefined}
      />
      <Button type="submit" size="lg" className="form__submit" disabled={submitting}>
        {submitting ? t('forgot.submitting') : t('forgot.submit')}
      </Button>
      <button type="button" className="link-btn form__back" onClick={() => onDone(getValues('email'))}>
        {t('forgot.back')}
      </button>
    </form>
  );
}
