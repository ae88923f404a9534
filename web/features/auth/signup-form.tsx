// Sign-up (docs/product/identity.md#sign-up): personal data with CPF and phone masks, the address from the CEP lookup
// (manual entry when it fails), password and terms, validated with core's buildSignupSchema; the server's 400 `fields`
// and 409 land under the inputs they concern.
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { buildSignupSchema } from '../../../core/identity/account-schemas';
import { isOrigin } from '../../../core/referrals/origin';
import { isVisitorType } from '../../../core/referrals/visitor-type';
import { AddressFields, EMPTY_ADDRESS, type AddressValues } from '../../components/address-fields';
import { Button } from '../../components/button';
import { CheckboxField, PasswordField, TextField } from '../../components/form-field';
import { isApiError } from '../../lib/api';
import { maskCpf, maskPhone } from '../../lib/masks';
import { notify } from '../../lib/toast';
import { useForm } from '../../lib/use-form';
import { focusFirstError, serverFieldErrors, zodFieldErrors, type FieldErrors } from '../../lib/validation';
import { authApi } from '../../lib/account-api';
import { errorMessage } from './errors';
import { readStoredOrigin, readStoredVisitorType } from './origin-tracker';
import { TermsDialog } from './terms-dialog';

interface SignupValues extends AddressValues {
  full_name: string;
  email: string;
  cpf: string;
  phone: string;
  birth_date: string;
  password: string;
  accept_terms: boolean;
}

const INITIAL: SignupValues = {
  full_name: '',
  email: '',
  cpf: '',
  phone: '',
  birth_date: '',
  ...EMPTY_ADDRESS,
  password: '',
  accept_terms: false,
};

/** Field order on screen: the first invalid one gets the focus. */
const ORDER = [
  'full_name',
  'email',
  'cpf',
  'phone',
  'birth_date',
  'cep',
  'address_street',
  'address_number',
  'address_complement',
  'address_district',
  'address_city',
  'address_state',
  'password',
  'accept_terms',
] as const;

const signupSchema = buildSignupSchema(() => new Date());

function payloadOf(values: SignupValues) {
  const origin = readStoredOrigin();
  const visitorType = readStoredVisitorType();
  return { ...values, ...(isOrigin(origin) ? { origem: origin } : {}), ...(isVisitorType(visitorType) ? { visitor_type: visitorType } : {}) };
}

function validate(values: SignupValues): FieldErrors {
  const parsed = signupSchema.safeParse(payloadOf(values));
  return parsed.success ? {} : zodFieldErrors(parsed.error);
}

function isoDate(date: Date) {
  return date.toISOString().slice(0, 10);
}

export function SignupForm({ onSignedUp }: { onSignedUp: (email: string) => void }) {
  const { t } = useTranslation('auth');
  const formRef = useRef<HTMLFormElement>(null);
  const { values, errors, set, blur, check, setErrors } = useForm<SignupValues>(INITIAL, validate);
  const [submitting, setSubmitting] = useState(false);
  const [termsOpen, setTermsOpen] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting || !values.accept_terms) return;
    const found = check();
    if (Object.keys(found).length > 0) {
      focusFirstError(found, ORDER, formRef.current);
      return;
    }
    const input = signupSchema.parse(payloadOf(values));
    setSubmitting(true);
    try {
      await authApi.signup(input);
      notify.success(t('signup.successTitle'), t('signup.successBody'));
      onSignedUp(input.email);
    } catch (error) {
      if (isApiError(error)) {
        const fields = serverFieldErrors(error.fields);
        if (error.code === 'email_taken') fields.email ??= error.message;
        if (error.code === 'cpf_taken') fields.cpf ??= error.message;
        if (Object.keys(fields).length > 0) {
          setErrors(fields);
          focusFirstError(fields, ORDER, formRef.current);
        }
      }
      notify.error(t('signup.errorTitle'), errorMessage(error));
    } finally {
      setSubmitting(false);
    }
  };

  const field = <K extends keyof SignupValues & string>(name: K) => ({
    name,
    error: errors[name],
    disabled: submitting,
    onBlur: () => blur(name),
  });

  const today = new Date();
  const maxBirth = isoDate(new Date(Date.UTC(today.getUTCFullYear() - 18, today.getUTCMonth(), today.getUTCDate())));

  return (
    <form ref={formRef} className="form" noValidate onSubmit={onSubmit} aria-busy={submitting || undefined}>
      <fieldset className="form__group">
        <legend className="form__legend">{t('signup.personal')}</legend>
        <div className="form-grid">
          <TextField
            {...field('full_name')}
            className="span-6"
            label={t('signup.fullName')}
            autoComplete="name"
            autoCapitalize="words"
            required
            value={values.full_name}
            onChange={(event) => set({ full_name: event.target.value })}
          />
          <TextField
            {...field('email')}
            className="span-6"
            type="email"
            label={t('signup.email')}
            autoComplete="email"
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
            required
            value={values.email}
            onChange={(event) => set({ email: event.target.value })}
          />
          <TextField
            {...field('cpf')}
            className="span-3"
            label={t('signup.cpf')}
            inputMode="numeric"
            placeholder="000.000.000-00"
            maxLength={14}
            required
            value={values.cpf}
            onChange={(event) => set({ cpf: maskCpf(event.target.value) })}
          />
          <TextField
            {...field('phone')}
            className="span-3"
            type="tel"
            label={t('signup.phone')}
            autoComplete="tel-national"
            inputMode="tel"
            placeholder="(00) 00000-0000"
            maxLength={15}
            required
            value={values.phone}
            onChange={(event) => set({ phone: maskPhone(event.target.value) })}
          />
          <TextField
            {...field('birth_date')}
            className="span-3"
            type="date"
            label={t('signup.birthDate')}
            autoComplete="bday"
            min="1900-01-01"
            max={maxBirth}
            required
            value={values.birth_date}
            onChange={(event) => set({ birth_date: event.target.value })}
          />
        </div>
      </fieldset>

      <fieldset className="form__group">
        <legend className="form__legend">{t('signup.address')}</legend>
        <div className="form-grid">
          <AddressFields values={values} errors={errors} onChange={set} onBlur={blur} disabled={submitting} />
        </div>
      </fieldset>

      <fieldset className="form__group">
        <legend className="form__legend">{t('signup.access')}</legend>
        <PasswordField
          {...field('password')}
          label={t('signup.password')}
          autoComplete="new-password"
          hint={t('signup.passwordHint')}
          errorReplacesHint
          required
          value={values.password}
          onChange={(event) => set({ password: event.target.value })}
        />
        <div className="terms-row">
          <CheckboxField
            name="accept_terms"
            label={t('signup.terms')}
            checked={values.accept_terms}
            error={errors.accept_terms}
            onChange={(checked) => set({ accept_terms: checked })}
          />
          <button type="button" className="link-btn terms-row__link" aria-haspopup="dialog" onClick={() => setTermsOpen(true)}>
            {t('signup.readTerms')}
          </button>
        </div>
      </fieldset>

      <Button type="submit" size="lg" className="form__submit" disabled={submitting || !values.accept_terms} aria-describedby={values.accept_terms ? undefined : 'signup-terms-hint'}>
        {submitting ? t('signup.submitting') : t('signup.submit')}
      </Button>
      {!values.accept_terms && (
        <p id="signup-terms-hint" className="field__hint form__submit-hint">
          {t('signup.termsRequiredHint')}
        </p>
      )}

      <TermsDialog
        open={termsOpen}
        onClose={() => setTermsOpen(false)}
        onAccept={() => {
          set({ accept_terms: true });
          setTermsOpen(false);
        }}
      />
    </form>
  );
}
