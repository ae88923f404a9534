// Boleto refunds: a boleto cannot be refunded by the provider, so the member chooses here — a PIX key
// (validated with core's rule before sending) or wallet credit — once; POST /api/payments/:id/refund-destination.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { PIX_KEY_TYPES } from '../../../core/payments/pix-key';
import { refundDestinationSchema } from '../../../core/payments/boleto-refund';
import { Button } from '../../components/button';
import { apiClient, call, ApiError } from '../../lib/api';
import type { ApiBody } from '../../lib/api-client';
import type { Payment } from '../../lib/payments-api';

export function RefundChoice({ payment }: { payment: Payment }) {
  const { t } = useTranslation('payments');
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<'pix' | 'wallet'>('pix');
  const [pixType, setPixType] = useState('');
  const [pixKey, setPixKey] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = `refund-${payment.id}`;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const body = kind === 'wallet' ? { type: 'wallet' as const } : { type: 'pix' as const, pix_key: { type: pixType || undefined, key: pixKey } };
    const parsed = refundDestinationSchema.safeParse(body);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? t('refund.invalid'));
      return;
    }
    setBusy(true);
    try {
      // As typed (checked above with the server's own schema), so the server words any problem the same way.
      const destination = body as ApiBody<'/api/payments/{id}/refund-destination', 'post'>;
      await call(apiClient.POST('/api/payments/{id}/refund-destination', { params: { path: { id: payment.id } }, body: destination }));
      await queryClient.invalidateQueries({ queryKey: ['payments', 'history'] });
    } catch (err) {
      setError(err instanceof ApiError ? (Object.values(err.fields)[0] as string | undefined) ?? err.message : t('refund.invalid'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="refund-choice" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <p id={`${id}-title`} className="data-table__strong">
        {t('refund.title')}
      </p>
      <fieldset className="refund-choice__options" disabled={busy}>
        <legend className="sr-only">{t('refund.title')}</legend>
        <label>
          <input type="radio" name={`${id}-kind`} value="pix" checked={kind === 'pix'} onChange={() => setKind('pix')} /> {t('refund.pix')}
        </label>
        <label>
          <input type="radio" name={`${id}-kind`} value="wallet" checked={kind === 'wallet'} onChange={() => setKind('wallet')} /> {t('refund.wallet')}
        </label>
      </fieldset>
      {kind === 'pix' && (
        <div className="refund-choice__pix">
          <label htmlFor={`${id}-type`} className="field__label">
            {t('refund.keyType')}
          </label>
          <select id={`${id}-type`} className="field__input field__select" value={pixType} onChange={(e) => setPixType(e.target.value)} disabled={busy}>
            <option value="">{t('refund.keyTypePlaceholder')}</option>
            {PIX_KEY_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`refund.keyTypes.${type}`)}
              </option>
            ))}
          </select>
          <label htmlFor={`${id}-key`} className="field__label">
            {t('refund.key')}
          </label>
          <input id={`${id}-key`} className="field__input" value={pixKey} onChange={(e) => setPixKey(e.target.value)} disabled={busy} autoComplete="off" aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
      <Button type="submit" size="sm" disabled={busy}>
        {busy ? t('refund.sending') : t('refund.submit')}
      </Button>
    </form>
  );
}
