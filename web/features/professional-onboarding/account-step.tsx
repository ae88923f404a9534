// The account part of /professional-signup for a signed-out visitor: the same sign-up as /auth. The visit is kept as a
// pending redirect (`professional_signup`), so the e-mail confirmation signs the visitor in and brings them back here
// to fill in the professional part.
import { useState } from 'react';
import type { DefaultValues } from 'react-hook-form';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { buildSignupSchema } from '../../../core/identity/account-schemas';
import { PASSWORD_MIN_LENGTH } from '../../../core/identity/auth-schemas';
import { PROFESSIONAL_SIGNUP_PATH } from '../../../core/identity/post-login-redirect';
import { AddressFields, EMPTY_ADDRESS, type AddressValues } from '../../components/address-fields';
import { Button } from '../../components/button';
import { CheckboxField, PasswordField, TextField } from '../../components/form-field';
import { MailIcon } from '../../components/icons';
import { isApiError } from '../../lib/api';
import { maskCpf, maskPhone } from '../../lib/masks';
import { notify } from '../../lib/toast';
import { useZodForm } from '../../lib/zod-form';
import { i18n } from '../../i18n';
import { storePendingRedirect } from '../../lib/pending-redirect';
import { onboardingApi } from './api';

type AccountValues = AddressValues & {
  full_name: string;
  email: string;
  cpf: string;
  phone: string;
  birth_date: string;
  password: string;
  accept_terms: boolean;
};

const DEFAULTS: AccountValues = { full_name: '', email: '', cpf: '', phone: '', birth_date: '', ...EMPTY_ADDRESS, password: '', accept_terms: false };

const signupSchema = buildSignupSchema(() => new Date());
type SignupIn = z.input<typeof signupSchema>;
type SignupOut = z.output<typeof signupSchema>;

export function AccountStep() {
  const { t } = useTranslation('professionalOnboarding');
  // accept_terms starts unticked; core's schema only accepts `true` (the form shows its message until then).
  const form = useZodForm<SignupIn, SignupOut>(signupSchema, DEFAULTS as unknown as DefaultValues<SignupIn>);
  const { handleSubmit, watch, setValue, trigger, setServerErrors, errorOf, field, formState } = form;
  const [sentTo, setSentTo] = useState<string | null>(null);
  const busy = formState.isSubmitting;
  const values = watch() as unknown as AccountValues;

  const addressErrors: Record<string, string> = {};
  for (const key of Object.keys(EMPTY_ADDRESS) as (keyof AddressValues)[]) {
    const message = errorOf(key);
    if (message) addressErrors[key] = message;
  }

  const onValid = async (input: SignupOut) => {
    try {
      await onboardingApi.signup(input);
      // Storage blocked: after confirming, the visitor opens /professional-signup again by hand.
      storePendingRedirect({ action: 'professional_signup' });
      setSentTo(input.email);
    } catch (error) {
      if (isApiError(error)) {
        const fields = { ...error.fields };
        if (error.code === 'email_taken') fields.email ??= error.message;
        if (error.code === 'cpf_taken') fields.cpf ??= error.message;
        setServerErrors(fields);
      }
      notify.error(t('account.errorTitle'), isApiError(error) ? error.message : i18n.t('errors.generic'));
    }
  };

  if (sentTo) {
    return (
      <section className="panel onboarding-sent" role="status">
        <span className="panel__icon">
          <MailIcon size={24} />
        </span>
        <h2 className="panel__heading">{t('account.sentTitle')}</h2>
        <p>{t('account.sentBody', { email: sentTo })}</p>
        <p className="muted">{t('account.sentHint')}</p>
        <div className="callout__actions">
          <Link className="btn btn--secondary btn--md" to={`/auth?next=${encodeURIComponent(PROFESSIONAL_SIGNUP_PATH)}`}>
            {t('account.signIn')}
          </Link>
        </div>
      </section>
    );
  }

  return (
    <form className="form panel" noValidate aria-busy={busy || undefined} aria-labelledby="pro-account" onSubmit={handleSubmit(onValid)}>
      <div className="panel__head">
        <h2 id="pro-account" className="panel__heading">
          {t('account.title')}
        </h2>
        <p className="muted">
          {t('account.lead')}{' '}
          <Link className="text-link" to={`/auth?next=${encodeURIComponent(PROFESSIONAL_SIGNUP_PATH)}`}>
            {t('account.signIn')}
          </Link>
        </p>
      </div>
      <fieldset className="form__group">
        <legend className="form__legend">{t('account.personal')}</legend>
        <div className="form-grid">
          <TextField {...field('full_name')} disabled={busy} className="span-3" label={t('account.fullName')} autoComplete="name" autoCapitalize="words" />
          <TextField {...field('email')} disabled={busy} className="span-3" type="email" label={t('account.email')} autoComplete="email" inputMode="email" autoCapitalize="none" spellCheck={false} />
          <TextField
            {...field('cpf')}
            disabled={busy}
            className="span-3"
            label={t('account.cpf')}
            inputMode="numeric"
            placeholder="000.000.000-00"
            maxLength={14}
            value={values.cpf}
            onChange={(event) => setValue('cpf', maskCpf(event.target.value), { shouldValidate: formState.isSubmitted })}
          />
          <TextField
            {...field('phone')}
            disabled={busy}
            className="span-3"
            type="tel"
            label={t('account.phone')}
            autoComplete="tel-national"
            inputMode="tel"
            placeholder="(00) 00000-0000"
            maxLength={15}
            value={values.phone}
            onChange={(event) => setValue('phone', maskPhone(event.target.value), { shouldValidate: formState.isSubmitted })}
          />
          <TextField {...field('birth_date')} disabled={busy} className="span-3" type="date" label={t('account.birthDate')} autoComplete="bday" min="1900-01-01" />
        </div>
      </fieldset>
      <fieldset className="form__group">
        <legend className="form__legend">{t('account.address')}</legend>
        <div className="form-grid">
          <AddressFields
            values={values}
            errors={addressErrors}
            disabled={busy}
            onChange={(patch) => {
              for (const [key, value] of Object.entries(patch)) setValue(key as keyof AddressValues, value ?? '', { shouldValidate: formState.isSubmitted });
            }}
            onBlur={(name) => {
              if (values[name]) void trigger(name);
            }}
          />
        </div>
      </fieldset>
      <fieldset className="form__group">
        <PasswordField {...field('password')} disabled={busy} label={t('account.password')} autoComplete="new-password" hint={t('account.passwordHint', { min: PASSWORD_MIN_LENGTH })} />
        <CheckboxField
          name="accept_terms"
          label={
            <>
              {t('account.terms')} ·{' '}
              <Link className="text-link" to="/terms" target="_blank" rel="noopener">
                {t('account.readTerms')}
              </Link>
            </>
          }
          checked={values.accept_terms}
          error={errorOf('accept_terms')}
          onChange={(checked) => setValue('accept_terms', checked as true, { shouldValidate: formState.isSubmitted })}
        />
      </fieldset>
      <Button type="submit" size="lg" className="form__submit" disabled={busy}>
        {busy ? t('account.submitting') : t('account.submit')}
      </Button>
    </form>
  );
}
