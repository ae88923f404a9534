// /influencer-signup (issue 11): signed out, sign in or create the account first (the normal sign-up; the API also
// takes the account fields with the application in one call); signed in, the application — social handles, audience,
// niche and the PIX key for commissions — checked with core's influencerApplicationSchema; once sent, the pending screen.
import './i18n';
import './signup.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PIX_KEY_TYPES } from '../../../core/payments/pix-key';
import { influencerApplicationSchema } from '../../../core/influencers/influencer-rules';
import { Button } from '../../components/button';
import { TextField } from '../../components/form-field';
import { ClockIcon } from '../../components/icons';
import { ErrorState, LoadingState } from '../../components/resource-states';
import { api, isApiError } from '../../lib/api';
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

async function signedIn(signal?: AbortSignal) {
  try {
    await api.get('/api/me', { redirectOnUnauthorized: false, signal });
    return true;
  } catch (error) {
    if (isApiError(error) && error.status === 401) return false;
    throw error;
  }
}

function ApplicationForm({ onSent }: { onSent: () => void }) {
  const { t } = useTranslation('influencerSignup');
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (name: keyof Values) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: event.target.value }));
  const text = (name: keyof Values, label: string, extra: Record<string, unknown> = {}) => (
    <TextField name={name} label={label} value={values[name]} onChange={set(name)} error={errors[name]} disabled={busy} {...extra} />
  );

  const submit = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    const payload = toPayload(values);
    const checked = influencerApplicationSchema.safeParse(payload);
    if (!checked.success) {
      setErrors(fieldErrors(checked.error.issues));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await api.post('/api/influencers/applications', payload);
      onSent();
    } catch (error) {
      if (isApiError(error)) setErrors(fieldErrors(error.fields));
      if (isApiError(error) && error.code === 'application_exists') onSent();
      else notify.error(t('form.errorTitle'), isApiError(error) ? error.message : i18n.t('errors.generic'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form panel influencer-signup__form" noValidate aria-busy={busy || undefined} onSubmit={submit}>
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

function PendingPanel() {
  const { t } = useTranslation('influencerSignup');
  return (
    <section className="panel influencer-signup__pending" role="status">
      <span className="panel__icon">
        <ClockIcon size={24} />
      </span>
      <h2 className="panel__heading">{t('pending.title')}</h2>
      <p>{t('pending.body')}</p>
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
  const [sent, setSent] = useState(false);
  const next = `?next=${encodeURIComponent(SELF)}`;

  let body;
  if (sent) body = <PendingPanel />;
  else if (session.state.status === 'error') body = <ErrorState title={t('loadError')} message={session.state.error.message} retryLabel={t('retry')} onRetry={session.retry} />;
  else if (session.state.status === 'loading') body = <LoadingState label={t('loading')} />;
  else if (!session.state.data) {
    body = (
      <section className="panel">
        <h2 className="panel__heading">{t('account.title')}</h2>
        <p className="muted">{t('account.lead')}</p>
        <div className="callout__actions">
          <Link className="btn btn--primary btn--md" to={`/auth${next}&mode=signup`}>
            {t('account.signUp')}
          </Link>
          <Link className="btn btn--secondary btn--md" to={`/auth${next}`}>
            {t('account.signIn')}
          </Link>
        </div>
      </section>
    );
  } else body = <ApplicationForm onSent={() => setSent(true)} />;

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
