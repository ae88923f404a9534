// Freight: the product page's "Calcular frete" by CEP, and the checkout's choice of a delivery option for
// the address's CEP. Prices shown here only inform: the order's freight is priced again by the server.
import './i18n';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { shippingCepSchema } from '../../../core/shipping/shipping-rules';
import { formatCents } from '../../../core/shared/money';
import { Button } from '../../components/button';
import { isApiError } from '../../lib/api';
import { marketplaceApi, type ShippingOption, type ShippingQuote } from '../../lib/marketplace-api';
import { maskCep } from '../../lib/masks';
import { localizeMessage } from '../../lib/validation';

function useMoney() {
  const { i18n } = useTranslation('marketplace');
  return (cents: number) => formatCents(cents, i18n.language);
}

function OptionText({ option }: { option: ShippingOption }) {
  const { t } = useTranslation('marketplace');
  const money = useMoney();
  return (
    <>
      <span className="shipping-option__name">
        {option.service} <small className="muted">· {option.carrier}</small>
      </span>
      <span className="shipping-option__days">{t('shipping.days', { count: option.days })}</span>
      <span className="shipping-option__price">{option.free ? <strong>{t('shipping.free')}</strong> : money(option.price)}</span>
    </>
  );
}

function FreeHint({ quote }: { quote: ShippingQuote }) {
  const { t } = useTranslation('marketplace');
  const money = useMoney();
  if (quote.options.length === 0) return <p className="muted">{t('shipping.none')}</p>;
  if (quote.missing_for_free_shipping === 0) return <p className="shipping__hint">{t('shipping.freeReached')}</p>;
  return <p className="muted shipping__hint">{t('shipping.freeFrom', { amount: money(quote.free_shipping_from), missing: money(quote.missing_for_free_shipping) })}</p>;
}

/** The product page: CEP → the options for this product and quantity. */
export function ProductShipping({ productId, quantity }: { productId: string; quantity: number }) {
  const { t } = useTranslation('marketplace');
  const id = useId();
  const [cep, setCep] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [quote, setQuote] = useState<ShippingQuote | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = shippingCepSchema.safeParse(cep);
    if (!parsed.success) {
      setError(localizeMessage(parsed.error.issues[0]?.message ?? 'CEP inválido'));
      setQuote(null);
      return;
    }
    setError(null);
    setLoading(true);
    try {
      setQuote(await marketplaceApi.shippingQuote(parsed.data, productId, quantity));
    } catch (err) {
      setQuote(null);
      setError(isApiError(err) ? (typeof err.fields?.cep === 'string' ? localizeMessage(err.fields.cep) : err.message) : t('shipping.error'));
    } finally {
      setLoading(false);
    }
  };

  return (
    <section className="shipping panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="shipping__title">
        {t('shipping.title')}
      </h2>
      <form className="shipping__form" onSubmit={(e) => void submit(e)} noValidate>
        <div className="field">
          <label htmlFor={`${id}-cep`} className="field__label">
            {t('shipping.cep')}
          </label>
          <input
            id={`${id}-cep`}
            className="field__input"
            inputMode="numeric"
            autoComplete="postal-code"
            placeholder="00000-000"
            value={cep}
            onChange={(e) => setCep(maskCep(e.target.value))}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
        </div>
        <Button type="submit" variant="secondary" disabled={loading}>
          {loading ? t('shipping.calculating') : t('shipping.calculate')}
        </Button>
      </form>
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
      {quote && (
        <div role="status" aria-live="polite">
          <ul className="shipping__options" role="list" aria-label={t('shipping.optionsFor', { cep: `${quote.cep.slice(0, 5)}-${quote.cep.slice(5)}` })}>
            {quote.options.map((o) => (
              <li key={o.id} className="shipping-option">
                <OptionText option={o} />
              </li>
            ))}
          </ul>
          <FreeHint quote={quote} />
        </div>
      )}
    </section>
  );
}

/**
 * The checkout: the cart's options for the address's CEP (re-quoted when the CEP or `version` changes), one chosen —
 * the cheapest unless the customer picks another. Tells the parent the chosen option (null while none).
 */
export function CheckoutShipping({ cep, version, onChange }: { cep: string; version: number; onChange: (option: ShippingOption | null) => void }) {
  const { t } = useTranslation('marketplace');
  const id = useId();
  const parsed = shippingCepSchema.safeParse(cep);
  const validCep = parsed.success ? parsed.data : null;
  const [quote, setQuote] = useState<ShippingQuote | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setQuote(null);
    onChange(null);
    if (!validCep) return;
    const controller = new AbortController();
    setError(null);
    marketplaceApi
      .cartShipping(validCep, controller.signal)
      .then((q) => {
        setQuote(q);
        const keep = q.options.find((o) => o.id === chosen) ?? q.options[0] ?? null;
        setChosen(keep?.id ?? null);
        onChange(keep);
      })
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        setError(isApiError(err) ? err.message : t('shipping.error'));
      });
    return () => controller.abort();
    // `chosen` is read, not followed: a new quote keeps the choice when it is still offered.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [validCep, version]);

  const choose = (option: ShippingOption) => {
    setChosen(option.id);
    onChange(option);
  };

  return (
    <fieldset className="shipping shipping--checkout">
      <legend id={`${id}-title`} className="field__label">
        {t('shipping.choose')}
      </legend>
      {!validCep && <p className="muted">{t('shipping.needCep')}</p>}
      {validCep && !quote && !error && <p className="muted">{t('shipping.calculating')}</p>}
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      {quote && (
        <>
          <div className="choices" role="radiogroup" aria-labelledby={`${id}-title`}>
            {quote.options.map((o) => (
              <label key={o.id} className={`choice shipping-option${chosen === o.id ? ' choice--checked' : ''}`}>
                <input type="radio" className="choice__input" name={`${id}-option`} value={o.id} checked={chosen === o.id} onChange={() => choose(o)} />
                <OptionText option={o} />
              </label>
            ))}
          </div>
          <FreeHint quote={quote} />
        </>
      )}
    </fieldset>
  );
}
