// Step 3, /checkout/address (docs/product/checkout.md#address): the address with the CEP lookup, prefilled from the
// profile and saved to it only when changed. The charge is issued under the user's CPF: without one, the step says so
// before the payment refuses it.
import './i18n';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { buildProfileUpdateSchema } from '../../../core/identity/account-schemas';
import { profileAddressForm } from '../../../core/address/address.service';
import { AddressFields, ADDRESS_FIELDS, type AddressValues } from '../../components/address-fields';
import { Button, ButtonLink } from '../../components/button';
import { HashLink } from '../../components/hash-link';
import { AlertIcon, MapPinIcon } from '../../components/icons';
import { apiClient, call, isApiError } from '../../lib/api';
import { onlyDigits } from '../../lib/masks';
import { SUPPORT_EMAIL } from '../../lib/site';
import { notify } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useForm } from '../../lib/use-form';
import { useNow } from '../../lib/use-now';
import { useApiQuery } from '../../lib/query';
import { focusFirstError, serverFieldErrors, zodFieldErrors, type FieldErrors } from '../../lib/validation';
import type { MeResponse } from '../../lib/account-api';
import { useSession } from '../../lib/session';
import { paymentPath } from '../../lib/groups-api';
import { checkoutKeys } from './api';
import { CheckoutFrame, OrderSummary } from './checkout-layout';
import { livePlace, useCheckoutState } from '../../lib/checkout-state';
import { LoadingState, ErrorState } from '../../components/resource-states';

const profileSchema = buildProfileUpdateSchema(() => new Date());


const same = (a: AddressValues, b: AddressValues) =>
  ADDRESS_FIELDS.every((key) => (key === 'cep' ? onlyDigits(a[key]) === onlyDigits(b[key]) : a[key].trim() === b[key].trim()));

export default function AddressPage() {
  const { t } = useTranslation('checkout');
  useDocumentTitle(t('address.docTitle'));
  const navigate = useNavigate();
  const { state } = useCheckoutState();
  const now = useNow(5_000);
  const place = livePlace(state, now);
  const me = useApiQuery(checkoutKeys.me(), (signal) => call(apiClient.GET('/api/me', { signal })), { gcTime: 0 });

  if (!place) {
    const lapsed = Boolean(state.place);
    return (
      <CheckoutFrame step="address" title={t('address.title')} plan={state.plan} reachable={state.plan_id ? ['participants', 'plan'] : []}>
        <div className="state-box">
          <AlertIcon size={28} />
          <p className="state-box__title">{lapsed ? t('hold.expiredTitle') : t('address.noPlaceTitle')}</p>
          <p>{lapsed ? t('hold.expiredBody') : t('address.noPlaceBody')}</p>
          {state.plan_id ? (
            <ButtonLink to="/checkout/plan" state={{ plan: state.plan ?? { id: state.plan_id } }}>
              {lapsed ? t('hold.retake') : t('address.noPlaceCta')}
            </ButtonLink>
          ) : (
            <HashLink to="#planos" className="btn btn--primary btn--md">
              {t('empty.cta')}
            </HashLink>
          )}
        </div>
      </CheckoutFrame>
    );
  }

  const next = paymentPath('entry', place.membership_id);
  return (
    <CheckoutFrame
      step="address"
      title={t('address.title')}
      lead={t('address.lead')}
      plan={state.plan}
      reachable={state.choice === 'invite' ? [] : ['participants', 'plan']}
      summary={<OrderSummary plan={state.plan} choice={state.choice} holdExpiresAt={place.hold_expires_at} />}
    >
      {me.state.status === 'loading' && (
        <LoadingState label={t('address.loading')} />
      )}
      {me.state.status === 'error' && (
        <ErrorState title={t('address.loadError')} message={me.state.error.message} retryLabel={t('retry')} onRetry={me.retry} />
      )}
      {me.state.status === 'ready' && <AddressForm me={me.state.data} onDone={() => void navigate(next)} />}
    </CheckoutFrame>
  );
}

function AddressForm({ me, onDone }: { me: MeResponse; onDone: () => void }) {
  const { t } = useTranslation('checkout');
  const session = useSession();
  const { update: updateSession } = session;
  const formRef = useRef<HTMLFormElement>(null);
  const baseline = useRef(profileAddressForm(me.profile));
  const validate = (values: AddressValues): FieldErrors => {
    const parsed = profileSchema.safeParse(values);
    const errors = parsed.success ? {} : zodFieldErrors(parsed.error);
    if (!values.address_street.trim()) errors.address_street ??= t('address.required');
    if (!values.address_city.trim()) errors.address_city ??= t('address.required');
    if (!values.address_state.trim()) errors.address_state ??= t('address.required');
    return errors;
  };
  const { values, errors, set, blur, check, setErrors } = useForm<AddressValues>(baseline.current, validate);
  const [saving, setSaving] = useState(false);
  const missingCpf = !me.profile?.cpf;
  // A saved CEP without a street was typed by hand: keep the fields editable.
  const manual = Boolean(baseline.current.cep && !baseline.current.address_street);

  useEffect(() => {
    if (missingCpf) notify.info(t('address.cpfTitle'), undefined, { id: 'checkout-cpf' });
  }, [missingCpf, t]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const found = check();
    if (Object.keys(found).length > 0) {
      focusFirstError(found, ADDRESS_FIELDS, formRef.current);
      return;
    }
    if (same(values, baseline.current)) {
      onDone();
      return;
    }
    setSaving(true);
    try {
      const saved = await call(apiClient.PATCH('/api/me', { body: profileSchema.parse(values) }));
      updateSession(saved.user, saved.profile ?? null);
      baseline.current = profileAddressForm(saved.profile);
      notify.success(t('address.saved'));
      onDone();
    } catch (error) {
      setSaving(false);
      if (isApiError(error) && error.isSessionExpired) return;
      if (isApiError(error) && error.fields && Object.keys(error.fields).length > 0) {
        const fields = serverFieldErrors(error.fields);
        setErrors(fields);
        focusFirstError(fields, ADDRESS_FIELDS, formRef.current);
      }
      notify.error(t('address.saveError'), isApiError(error) ? error.message : undefined);
    }
  };

  return (
    <form ref={formRef} className="form panel" noValidate onSubmit={onSubmit} aria-busy={saving || undefined} aria-labelledby="address-form-title">
      <h2 id="address-form-title" className="panel__heading">
        <MapPinIcon size={20} className="facts__icon" /> {t('address.formTitle')}
      </h2>
      {missingCpf && (
        <div className="callout callout--warn" role="alert">
          <p className="callout__title">{t('address.cpfTitle')}</p>
          <p>{t('address.cpfBody')}</p>
          <div className="callout__actions">
            <Link to="/profile" className="btn btn--secondary btn--sm">
              {t('address.cpfProfile')}
            </Link>
            <a href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(t('address.cpfSubject'))}`} className="btn btn--ghost btn--sm">
              {t('address.cpfSupport')}
            </a>
          </div>
        </div>
      )}
      <div className="form-grid">
        <AddressFields values={values} errors={errors} onChange={set} onBlur={blur} initiallyManual={manual} disabled={saving} />
      </div>
      <div className="checkout__actions">
        <Button type="submit" size="lg" disabled={saving}>
          {saving ? t('address.saving') : t('address.continue')}
        </Button>
        <p className="muted checkout__actions-hint">{t('address.hint')}</p>
      </div>
    </form>
  );
}
