// /marketplace/checkout: the delivery address (AddressFields with the CEP lookup, prefilled from the profile), then the
// order: pending cart changes sent first, POST /api/orders reserves the stock, and the payment step takes over with the
// order id in its URL (this entry is replaced, so back/reload never create a second order).
import './i18n';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { orderAddressSchema, type OrderAddressInput } from '../../../core/marketplace/order-rules';
import { profileAddressForm } from '../../../core/address/address.service';
import { AddressFields, ADDRESS_FIELDS, type AddressValues } from '../../components/address-fields';
import { Button, ButtonLink } from '../../components/button';
import { AlertIcon, MapPinIcon } from '../../components/icons';
import { isApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useForm } from '../../lib/use-form';
import { focusFirstError, localizeMessage, type FieldErrors } from '../../lib/validation';
import type { Profile } from '../../lib/account-api';
import { useSession } from '../../lib/session';
import { useCart } from '../../lib/cart/cart-context';
import { marketplaceApi, orderPaymentPath } from '../../lib/marketplace-api';
import { MarketCheckoutFrame, MarketSummary } from './checkout-frame';
import { CheckoutShipping } from './shipping-quote';
import type { ShippingOption } from '../../lib/marketplace-api';
import { i18n } from '../../i18n';
import { LoadingState } from '../../components/resource-states';


const toOrderAddress = (v: AddressValues): OrderAddressInput => ({
  cep: v.cep,
  street: v.address_street,
  number: v.address_number,
  complement: v.address_complement,
  district: v.address_district,
  city: v.address_city,
  state: v.address_state,
});

/** core's order address field (or the server's `address.<field>`) → the form's field. */
const FORM_FIELD: Record<string, keyof AddressValues> = {
  cep: 'cep',
  street: 'address_street',
  number: 'address_number',
  complement: 'address_complement',
  district: 'address_district',
  city: 'address_city',
  state: 'address_state',
};

/** core's pt-BR messages of the order address, in the user's language. */
const ORDER_MESSAGES: Record<string, string> = {
  'Informe o CEP': 'checkout.address.errors.cep',
  'Informe a rua': 'checkout.address.errors.street',
  'Informe o bairro': 'checkout.address.errors.district',
  'Informe a cidade': 'checkout.address.errors.city',
  'Informe a UF': 'checkout.address.errors.state',
};
const localize = (message: string) => (ORDER_MESSAGES[message] ? i18n.t(ORDER_MESSAGES[message], { ns: 'marketplace' }) : localizeMessage(message));

function toFieldErrors(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const field = FORM_FIELD[String(issue.path[0] ?? '')];
    if (field && !out[field]) out[field] = localize(issue.message);
  }
  return out;
}

function AddressForm({
  profile,
  blocked,
  shipping,
  shippingVersion,
  onShipping,
  onSubmit,
}: {
  profile: Profile | null;
  /** The cart has lines that cannot be ordered: the user fixes them first. */
  blocked: boolean;
  /** The freight option chosen for the address's CEP (null while none), and a counter that re-quotes it. */
  shipping: ShippingOption | null;
  shippingVersion: number;
  onShipping: (option: ShippingOption | null) => void;
  onSubmit: (address: OrderAddressInput) => Promise<FieldErrors | null>;
}) {
  const { t } = useTranslation('marketplace');
  const formRef = useRef<HTMLFormElement>(null);
  const initial = useRef(profileAddressForm(profile));
  const validate = (values: AddressValues): FieldErrors => {
    const parsed = orderAddressSchema.safeParse(toOrderAddress(values));
    return parsed.success ? {} : toFieldErrors(parsed.error.issues);
  };
  const { values, errors, set, blur, check, setErrors } = useForm<AddressValues>(initial.current, validate);
  const [sending, setSending] = useState(false);
  // A saved CEP without a street was typed by hand: keep the fields editable.
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
    const fieldErrors = await onSubmit(toOrderAddress(values));
    if (fieldErrors) {
      setErrors(fieldErrors);
      focusFirstError(fieldErrors, ADDRESS_FIELDS, formRef.current);
    }
    setSending(false);
  };

  return (
    <form ref={formRef} className="form panel" noValidate onSubmit={submit} aria-busy={sending || undefined} aria-labelledby="market-address-title">
      <h2 id="market-address-title" className="panel__heading">
        <MapPinIcon size={20} className="facts__icon" /> {t('checkout.address.formTitle')}
      </h2>
      {profile?.cep && <p className="muted">{t('checkout.address.fromProfile')}</p>}
      <div className="form-grid">
        <AddressFields values={values} errors={errors} onChange={set} onBlur={blur} initiallyManual={manual} disabled={sending} />
      </div>
      <CheckoutShipping cep={values.cep} version={shippingVersion} onChange={onShipping} />
      <div className="checkout__actions">
        <Button type="submit" size="lg" disabled={sending || blocked || !shipping}>
          {sending ? t('checkout.address.creating') : t('checkout.address.submit')}
        </Button>
        <p className="muted checkout__actions-hint">{t('checkout.address.hint')}</p>
      </div>
    </form>
  );
}

export default function CheckoutAddressPage() {
  const { t } = useTranslation('marketplace');
  useDocumentTitle(t('checkout.address.docTitle'));
  const navigate = useNavigate();
  const session = useSession();
  const cart = useCart();
  const [problem, setProblem] = useState<string | null>(null);
  const [shipping, setShipping] = useState<ShippingOption | null>(null);
  const [shippingVersion, setShippingVersion] = useState(0);
  const profile = session.status === 'signedIn' ? session.profile : null;

  const products = cart.items.filter((l) => l.item_type === 'product');
  const available = products.filter((l) => l.available);
  const unavailable = products.filter((l) => !l.available);
  const summary = (
    <MarketSummary
      lines={available.map((l) => ({ key: l.id, name: l.name, quantity: l.quantity, subtotal: l.price * l.quantity, image_url: l.image_url }))}
      total={cart.productsTotal}
      shipping={shipping ? { name: shipping.service, amount: shipping.price } : null}
    />
  );

  const createOrder = async (address: OrderAddressInput): Promise<FieldErrors | null> => {
    setProblem(null);
    // The server builds the order from the server cart: what is still on its way goes first.
    if (!(await cart.flush())) {
      setProblem(t('checkout.address.syncError'));
      return null;
    }
    try {
      const order = await marketplaceApi.createOrder(address, shipping?.id ?? null);
      await navigate(orderPaymentPath(order.id), { replace: true });
      // The ordered products left the server cart: the badge follows.
      void cart.refresh();
      return null;
    } catch (error) {
      if (!isApiError(error)) {
        setProblem(t('checkout.address.genericError'));
        return null;
      }
      if (error.isSessionExpired) return null;
      const fields: FieldErrors = {};
      for (const [key, message] of Object.entries(error.fields ?? {})) {
        const field = FORM_FIELD[key.replace(/^address\./, '')];
        if (field && typeof message === 'string') fields[field] = localize(message);
      }
      if (Object.keys(fields).length > 0) return fields;
      // Out of stock, a product withdrawn, an empty cart: the cart shows what changed. A freight option no longer
      // offered, or a cart that changed meanwhile: the options are quoted again.
      if (error.status === 409) void cart.refresh();
      if (error.status === 409) setShippingVersion((v) => v + 1);
      setProblem(error.message);
      notify.error(t('checkout.address.orderError'), error.message);
      return null;
    }
  };

  if (cart.status === 'loading') {
    return (
      <MarketCheckoutFrame step="address" title={t('checkout.address.title')}>
        <LoadingState label={t('cart.loading')} />
      </MarketCheckoutFrame>
    );
  }

  if (available.length === 0) {
    return (
      <MarketCheckoutFrame step="address" title={t('checkout.address.title')}>
        <div className="state-box">
          <AlertIcon size={28} />
          <p className="state-box__title">{t('checkout.address.emptyTitle')}</p>
          <p>{t('checkout.address.emptyBody')}</p>
          <ButtonLink to="/marketplace/products">{t('cart.browse')}</ButtonLink>
        </div>
      </MarketCheckoutFrame>
    );
  }

  return (
    <MarketCheckoutFrame step="address" title={t('checkout.address.title')} lead={t('checkout.address.lead')} summary={summary}>
      {unavailable.length > 0 && (
        <div className="callout callout--warn" role="alert">
          <p className="callout__title">{t('checkout.address.unavailableTitle')}</p>
          <p>{t('cart.removeUnavailable', { count: unavailable.length })}</p>
          <div className="callout__actions">
            <Link to="/marketplace/cart" className="btn btn--secondary btn--sm">
              {t('checkout.address.backToCart')}
            </Link>
          </div>
        </div>
      )}
      {problem && (
        <div className="callout callout--warn" role="alert">
          <p className="callout__title">{t('checkout.address.orderError')}</p>
          <p>{problem}</p>
          <div className="callout__actions">
            <Link to="/marketplace/cart" className="btn btn--secondary btn--sm">
              {t('checkout.address.backToCart')}
            </Link>
          </div>
        </div>
      )}
      <AddressForm profile={profile} blocked={unavailable.length > 0} shipping={shipping} shippingVersion={shippingVersion} onShipping={setShipping} onSubmit={createOrder} />
    </MarketCheckoutFrame>
  );
}
