// /my-groups/vouchers/:voucherId/delivery: a paid product plan's delivery address (the shared AddressFields, pre-filled
// by the server); confirming makes the plan's one paid order (docs/product/marketplace.md#product-plans-become-orders)
// and leads to it. Reached from the voucher card, the notification and the e-mail.
import './plan-delivery-i18n';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { orderAddressSchema, type OrderAddressInput } from '../../../core/marketplace/order-rules';
import { maskCep } from '../../../core/address/address.service';
import { formatCents } from '../../../core/shared/money';
import { AddressFields, ADDRESS_FIELDS, type AddressValues } from '../../components/address-fields';
import { Button, ButtonLink } from '../../components/button';
import { MapPinIcon } from '../../components/icons';
import { ErrorState, LoadingState } from '../../components/resource-states';
import { apiClient, call, isApiError } from '../../lib/api';
import type { ApiAnswer } from '../../lib/api-client';
import { useApiQuery } from '../../lib/query';
import { notify } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useForm } from '../../lib/use-form';
import { focusFirstError, localizeMessage, type FieldErrors } from '../../lib/validation';
import { orderPath } from '../../lib/marketplace-api';

type PlanDelivery = ApiAnswer<'/api/me/vouchers/{id}/delivery', 'get'>;

const FORM_FIELD: Record<string, keyof AddressValues> = {
  cep: 'cep',
  street: 'address_street',
  number: 'address_number',
  complement: 'address_complement',
  district: 'address_district',
  city: 'address_city',
  state: 'address_state',
};

const toOrderAddress = (v: AddressValues): OrderAddressInput => ({
  cep: v.cep,
  street: v.address_street,
  number: v.address_number,
  complement: v.address_complement,
  district: v.address_district,
  city: v.address_city,
  state: v.address_state,
});

const toForm = (a: PlanDelivery['address']): AddressValues => ({
  cep: maskCep(a.cep ?? ''),
  address_street: a.street ?? '',
  address_number: a.number ?? '',
  address_complement: a.complement ?? '',
  address_district: a.district ?? '',
  address_city: a.city ?? '',
  address_state: a.state ?? '',
});

function toFieldErrors(entries: Array<[string, string]>): FieldErrors {
  const out: FieldErrors = {};
  for (const [key, message] of entries) {
    const field = FORM_FIELD[key.replace(/^address\./, '')];
    if (field && !out[field]) out[field] = localizeMessage(message);
  }
  return out;
}

const deliveryKey = (id: string) => ['vouchers', 'delivery', id] as const;

export default function PlanDeliveryPage() {
  const { t } = useTranslation('planDelivery');
  useDocumentTitle(t('docTitle'));
  const { voucherId = '' } = useParams();
  const { state, retry } = useApiQuery(deliveryKey(voucherId), (signal) => call(apiClient.GET('/api/me/vouchers/{id}/delivery', { params: { path: { id: voucherId } }, signal })));

  return (
    <div className="container page">
      <header className="page__head">
        <div>
          <h1>{t('title')}</h1>
          {state.status === 'ready' && state.data.state === 'awaiting_address' && <p className="muted">{t('lead', { plan: state.data.plan.name })}</p>}
        </div>
        <div className="page__head-actions">
          <ButtonLink to="/my-groups" variant="ghost" size="sm">
            {t('backToGroups')}
          </ButtonLink>
        </div>
      </header>
      {state.status === 'loading' && <LoadingState label={t('loading')} />}
      {state.status === 'error' && <ErrorState title={t('error')} message={t('errorBody')} retryLabel={t('retry')} onRetry={retry} />}
      {state.status === 'ready' && <DeliveryBody delivery={state.data} />}
    </div>
  );
}

function DeliveryBody({ delivery }: { delivery: PlanDelivery }) {
  const { t, i18n } = useTranslation('planDelivery');
  const summary = (
    <div className="panel">
      <p className="panel__heading">{delivery.plan.name}</p>
      <p className="muted">{t('voucher', { code: delivery.code })}</p>
      <p>{t('price', { value: formatCents(delivery.price, i18n.language) })}</p>
    </div>
  );
  if (delivery.state === 'ordered' && delivery.order_id) {
    return (
      <div className="stack">
        {summary}
        <div className="callout" role="status">
          <p>{t('ordered', { number: delivery.order_number })}</p>
          <div className="callout__actions">
            <ButtonLink to={orderPath(delivery.order_id)}>{t('viewOrder')}</ButtonLink>
          </div>
        </div>
      </div>
    );
  }
  if (delivery.state !== 'awaiting_address') {
    const message = delivery.state === 'awaiting_balance' ? t('awaitingBalance') : delivery.state === 'cancelled' ? t('cancelled') : t('notProduct');
    return (
      <div className="stack">
        {summary}
        <div className="callout callout--warn" role="status">
          <p>{message}</p>
          {delivery.state === 'awaiting_balance' && (
            <div className="callout__actions">
              <Link to="/payment" className="btn btn--secondary btn--sm">
                {t('payBalance')}
              </Link>
            </div>
          )}
        </div>
      </div>
    );
  }
  return (
    <div className="stack">
      {summary}
      <DeliveryForm delivery={delivery} />
    </div>
  );
}

function DeliveryForm({ delivery }: { delivery: PlanDelivery }) {
  const { t } = useTranslation('planDelivery');
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const initial = useRef(toForm(delivery.address));
  const validate = (values: AddressValues): FieldErrors => {
    const parsed = orderAddressSchema.safeParse(toOrderAddress(values));
    return parsed.success ? {} : toFieldErrors(parsed.error.issues.map((i) => [String(i.path[0] ?? ''), i.message]));
  };
  const { values, errors, set, blur, check, setErrors } = useForm<AddressValues>(initial.current, validate);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const manual = Boolean(initial.current.cep && !initial.current.address_street);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const found = check();
    if (Object.keys(found).length > 0) {
      focusFirstError(found, ADDRESS_FIELDS, formRef.current);
      return;
    }
    setSending(true);
    setProblem(null);
    try {
      const result = await call(
        apiClient.POST('/api/me/vouchers/{id}/delivery', { params: { path: { id: delivery.voucher_id } }, body: { address: toOrderAddress(values) } }),
      );
      notify.success(t('done', { number: result.delivery.order_number ?? '' }));
      await navigate(orderPath(result.order_id), { replace: true });
    } catch (error) {
      setSending(false);
      if (!isApiError(error)) {
        setProblem(t('confirmError'));
        return;
      }
      if (error.isSessionExpired) return;
      const fields = toFieldErrors(Object.entries(error.fields ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string'));
      if (Object.keys(fields).length > 0) {
        setErrors(fields);
        focusFirstError(fields, ADDRESS_FIELDS, formRef.current);
        return;
      }
      setProblem(error.message);
    }
  };

  return (
    <form ref={formRef} className="form panel" noValidate onSubmit={submit} aria-busy={sending || undefined} aria-labelledby="plan-delivery-form-title">
      <h2 id="plan-delivery-form-title" className="panel__heading">
        <MapPinIcon size={20} className="facts__icon" /> {t('docTitle')}
      </h2>
      {delivery.address.cep && <p className="muted">{t('fromProfile')}</p>}
      {problem && (
        <div className="callout callout--warn" role="alert">
          <p className="callout__title">{t('confirmError')}</p>
          <p>{problem}</p>
        </div>
      )}
      <div className="form-grid">
        <AddressFields values={values} errors={errors} onChange={set} onBlur={blur} initiallyManual={manual} disabled={sending} />
      </div>
      <div className="checkout__actions">
        <Button type="submit" size="lg" disabled={sending}>
          {sending ? t('sending') : t('submit')}
        </Button>
      </div>
    </form>
  );
}
