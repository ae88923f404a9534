// /influencer-signup: signed out, ONE form (the sign-up's account fields and the application, created together in one
// call, then "check your e-mail"); signed in, only the application (handles, audience, niche, PIX key), checked with
// core's influencerApplicationSchema; once sent, the pending screen.
import './i18n';
import './signup.css';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PIX_KEY_TYPES } from '../../../core/payments/pix-key';
import { influencerApplicationSchema } from '../../../core/influencers/influencer-rules';
import { buildSignupSchema } from '../../../core/identity/account-schemas';
import { PASSWORD_MIN_LENGTH } from '../../../core/identity/auth-schemas';
import { AddressFields, EMPTY_ADDRESS, type AddressValues } from '../../components/address-fields';
import { Button } from '../../components/button';
import { CheckboxField, PasswordField, TextField } from '../../components/form-field';
import { ClockIcon, MailIcon } from '../../components/icons';
import { maskCpf, maskPhone } from '../../lib/masks';
import { ErrorState, LoadingState } from '../../components/resource-states';
import { apiClient, call, isApiError } from '../../lib/api';
import type { ApiBody } from '../../lib/api-client';
import { authApi } from '../../lib/account-api';
import { useApiQuery } from '../../lib/query';
import { notify } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { localizeMessage } from '../../lib/validation';
import { i18n } from '../../i18n';

const SELF = '/influencer-signup';
type Values = { instagram: string; tiktok: string; youtube: string; audience_size: string; niche: string; pix_type: string; pix_key: string };
const EMPTY: Values = { instagram: '', tiktok: '', youtube: '', audience_size: '', niche: '', pix_type: '', pix_key: '' };

const toPayload = (v: Values) => ({
  instagram: v.instagram || null,
  tiktok: v.tiktok || null,
  youtube: v.youtube || null,
  audience_size: v.audience_size.trim() === '' ? undefined : v.audience_size,
  niche: v.niche,
  pix_key: { type: v.pix_type || undefined, key: v.pix_key },
});

/** core's issues as the form's field names (`pix_key.type` → pix_type). */
function fieldErrors(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> | Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  const entries = Array.isArray(issues) ? issues.map((i) => [i.path.map(String).join('.'), i.message] as const) : Object.entries(issues);
  for (const [path, message] of entries) {
    const name = path === 'pix_key.type' ? 'pix_type' : path === 'pix_key.key' || path === 'pix_key' ? 'pix_key' : path;
    out[name] ??= localizeMessage(message);
  }
  return out;
}

/** Signed in? A visitor's `user: null` is a 200 (no failed request in the console). */
async function signedIn(signal?: AbortSignal) {
  return (await authApi.session(signal)).user !== null;
}

type AccountValues = AddressValues & { full_name: string; email: string; cpf: string; phone: string; birth_date: string; password: string; accept_terms: boolean };
const EMPTY_ACCOUNT: AccountValues = { full_name: '', email: '', cpf: '', phone: '', birth_date: '', ...EMPTY_ADDRESS, password: '', accept_terms: false };
const ACCOUNT_ORDER = ['full_name', 'email', 'cpf', 'phone', 'birth_date', 'cep', 'address_street', 'address_number', 'address_district', 'address_city', 'address_state', 'password', 'accept_terms'];
const APPLICATION_ORDER = ['instagram', 'tiktok', 'youtube', 'audience_size', 'niche', 'pix_type', 'pix_key'];

/** Moves focus to the first input (in the form's order) that has an error. */
function focusFirst(form: HTMLFormElement | null, errors: Record<string, string>, order: readonly string[]) {
  const name = order.find((n) => errors[n]);
  const input = name ? form?.querySelector<HTMLElement>(`[name="${name}"]`) : null;
  input?.focus();
}

/** The account part of the combined form (signed-out visitors only), as the sign-up screen has it. */
function AccountFields({ values, errors, busy, onChange }: { values: AccountValues; errors: Record<string, string>; busy: boolean; onChange: (patch: Partial<AccountValues>) => void }) {
  const { t } = useTranslation('influencerSignup');
  const text = (name: 'full_name' | 'email' | 'birth_date', label: string, extra: Record<string, unknown> = {}) => (
    <TextField name={name} label={label} value={values[name]} onChange={(event) => onChange({ [name]: event.target.value })} error={errors[name]} disabled={busy} {...extra} />
  );
  return (
    <>
      <div className="panel__head">
        <h2 className="panel__heading">{t('account.title')}</h2>
        <p className="muted">
          {t('account.lead')}{' '}
          <Link className="text-link" to={`/auth?next=${encodeURIComponent(SELF)}`}>
            {t('account.signIn')}
          </Link>
        </p>
      </div>
      <fieldset className="form__group">
        <legend className="form__legend">{t('account.personal')}</legend>
        <div className="form-grid">
          {text('full_name', t('account.fullName'), { className: 'span-3', autoComplete: 'name', autoCapitalize: 'words' })}
          {text('email', t('account.email'), { className: 'span-3', type: 'email', autoComplete: 'email', inputMode: 'email', autoCapitalize: 'none', spellCheck: false })}
          <TextField name="cpf" label={t('account.cpf')} className="span-3" inputMode="numeric" placeholder="000.000.000-00" maxLength={14} value={values.cpf} error={errors.cpf} disabled={busy} onChange={(event) => onChange({ cpf: maskCpf(event.target.value) })} />
          <TextField name="phone" label={t('account.phone')} className="span-3" type="tel" autoComplete="tel-national" inputMode="tel" placeholder="(00) 00000-0000" maxLength={15} value={values.phone} error={errors.phone} disabled={busy} onChange={(event) => onChange({ phone: maskPhone(event.target.value) })} />
          {text('birth_date', t('account.birthDate'), { className: 'span-3', type: 'date', autoComplete: 'bday', min: '1900-01-01' })}
        </div>
      </fieldset>
      <fieldset className="form__group">
        <legend className="form__legend">{t('account.address')}</legend>
        <div className="form-grid">
          <AddressFields values={values} errors={errors} disabled={busy} onChange={(patch) => onChange(patch as Partial<AccountValues>)} />
        </div>
      </fieldset>
      <fieldset className="form__group">
        <PasswordField name="password" label={t('account.password')} autoComplete="new-password" hint={t('account.passwordHint', { min: PASSWORD_MIN_LENGTH })} value={values.password} error={errors.password} disabled={busy} onChange={(event) => onChange({ password: event.target.value })} />
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
          error={errors.accept_terms}
          onChange={(checked) => onChange({ accept_terms: checked })}
        />
      </fieldset>
    </>
  );
}

const signupSchema = buildSignupSchema(() => new Date());

/** Signed in: the application. Signed out (`withAccount`): the account and the application in one form and one request. */
function ApplicationForm({ withAccount, onSent }: { withAccount: boolean; onSent: (sentTo: string | null) => void }) {
  const { t } = useTranslation('influencerSignup');
  const [values, setValues] = useState<Values>(EMPTY);
  const [account, setAccount] = useState<AccountValues>(EMPTY_ACCOUNT);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement | null>(null);
  const set = (name: keyof Values) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: event.target.value }));
  const text = (name: keyof Values, label: string, extra: Record<string, unknown> = {}) => (
    <TextField name={name} label={label} value={values[name]} onChange={set(name)} error={errors[name]} disabled={busy} {...extra} />
  );
  const order = withAccount ? [...ACCOUNT_ORDER, ...APPLICATION_ORDER] : APPLICATION_ORDER;
  const show = (found: Record<string, string>) => {
    setErrors(found);
    focusFirst(formRef.current, found, order);
  };

  const submit = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    const payload = toPayload(values);
    const checked = influencerApplicationSchema.safeParse(payload);
    const found = checked.success ? {} : fieldErrors(checked.error.issues);
    let accountData: Record<string, unknown> = {};
    if (withAccount) {
      const parsed = signupSchema.safeParse(account);
      if (parsed.success) accountData = { ...parsed.data, birth_date: account.birth_date };
      else Object.assign(found, fieldErrors(parsed.error.issues.map((i) => ({ ...i, path: i.path.slice(0, 1) }))));
    }
    if (Object.keys(found).length) {
      show(found);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      // The form's text as typed: the server validates it (with the schema checked above) and words each field's problem.
      const body = (withAccount ? { ...account, ...accountData, ...payload } : payload) as unknown as ApiBody<'/api/influencers/applications', 'post'>;
      await call(apiClient.POST('/api/influencers/applications', { body }));
      onSent(withAccount ? account.email.trim() : null);
    } catch (error) {
      if (isApiError(error)) {
        const fields = fieldErrors(error.fields);
        if (error.code === 'email_taken') fields.email ??= error.message;
        if (error.code === 'cpf_taken') fields.cpf ??= error.message;
        show(fields);
      }
      if (isApiError(error) && error.code === 'application_exists') onSent(null);
      else notify.error(t('form.errorTitle'), isApiError(error) ? error.message : i18n.t('errors.generic'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={formRef} className="form panel influencer-signup__form" noValidate aria-busy={busy || undefined} aria-label={t('form.label')} onSubmit={submit}>
      {withAccount && <AccountFields values={account} errors={errors} busy={busy} onChange={(patch) => setAccount((a) => ({ ...a, ...patch }))} />}
      {withAccount && <h2 className="panel__heading">{t('form.applicationTitle')}</h2>}
      <fieldset className="form__group">
        <legend className="form__legend">{t('form.social')}</legend>
        <p className="muted">{t('form.socialLead')}</p>
        <div className="form-grid">
          {text('instagram', t('form.instagram'), { className: 'span-2', placeholder: t('form.handlePlaceholder'), autoCapitalize: 'none', spellCheck: false })}
          {text('tiktok', t('form.tiktok'), { className: 'span-2', placeholder: t('form.handlePlaceholder'), autoCapitalize: 'none', spellCheck: false })}
          {text('youtube', t('form.youtube'), { className: 'span-2', placeholder: t('form.handlePlaceholder'), autoCapitalize: 'none', spellCheck: false })}
        </div>
      </fieldset>
      <fieldset className="form__group">
        <legend className="form__legend">{t('form.audience')}</legend>
        <div className="form-grid">
          {text('audience_size', t('form.audienceSize'), { className: 'span-3', inputMode: 'numeric' })}
          {text('niche', t('form.niche'), { className: 'span-3', placeholder: t('form.nichePlaceholder') })}
        </div>
      </fieldset>
      <fieldset className="form__group">
        <legend className="form__legend">{t('form.pix')}</legend>
        <div className="form-grid">
          <div className={`field span-2${errors.pix_type ? ' field--invalid' : ''}`}>
            <label htmlFor="inf-pix-type" className="field__label">
              {t('form.pixType')}
            </label>
            <select id="inf-pix-type" name="pix_type" className="field__input field__select" value={values.pix_type} onChange={set('pix_type')} disabled={busy} aria-invalid={errors.pix_type ? true : undefined}>
              <option value="">{t('form.pixTypePlaceholder')}</option>
              {PIX_KEY_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`form.pixTypes.${type}`)}
                </option>
              ))}
            </select>
            {errors.pix_type && <p className="field__error">{errors.pix_type}</p>}
          </div>
          {text('pix_key', t('form.pixKey'), { className: 'span-4', autoComplete: 'off', autoCapitalize: 'none', spellCheck: false })}
        </div>
      </fieldset>
      <Button type="submit" size="lg" className="form__submit" disabled={busy}>
        {busy ? t('form.sending') : t('form.submit')}
      </Button>
    </form>
  );
}

function PendingPanel({ sentTo }: { sentTo: string | null }) {
  const { t } = useTranslation('influencerSignup');
  return (
    <section className="panel influencer-signup__pending" role="status">
      <span className="panel__icon">{sentTo ? <MailIcon size={24} /> : <ClockIcon size={24} />}</span>
      <h2 className="panel__heading">{t('pending.title')}</h2>
      <p>{t('pending.body')}</p>
      {sentTo && <p>{t('pending.confirm', { email: sentTo })}</p>}
      <div className="callout__actions">
        <Link className="btn btn--secondary btn--md" to="/">
          {t('pending.home')}
        </Link>
      </div>
    </section>
  );
}

export default function InfluencerSignupPage() {
  const { t } = useTranslation('influencerSignup');
  useDocumentTitle(t('docTitle'));
  const session = useApiQuery(['influencer-signup', 'session'], signedIn, { gcTime: 0 });
  const [sent, setSent] = useState<{ to: string | null } | null>(null);

  let body;
  if (sent) body = <PendingPanel sentTo={sent.to} />;
  else if (session.state.status === 'error') body = <ErrorState title={t('loadError')} message={session.state.error.message} retryLabel={t('retry')} onRetry={session.retry} />;
  else if (session.state.status === 'loading') body = <LoadingState label={t('loading')} />;
  else body = <ApplicationForm withAccount={!session.state.data} onSent={(to) => setSent({ to })} />;

  return (
    <div className="container page page--narrow influencer-signup">
      <header className="influencer-signup__head">
        <span className="eyebrow">{t('eyebrow')}</span>
        <h1>{t('title')}</h1>
        <p className="muted">{t('lead')}</p>
      </header>
      {body}
    </div>
  );
}
