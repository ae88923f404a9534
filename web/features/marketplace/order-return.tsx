// CDC art. 49: "Devolver pedido" on a delivered order while the 7-day window is open (its deadline shown
// as "até dd/mm"), a dialog asking the reason, and afterwards the return's status (asked, received, refused + why).
import './i18n';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { AlertIcon } from '../../components/icons';
import { isApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { marketplaceApi, type OrderDetails } from '../../lib/marketplace-api';

const REASON_MAX = 500;

function shortDay(iso: string, locale: string) {
  return new Date(iso).toLocaleDateString(locale, { day: '2-digit', month: '2-digit', timeZone: 'America/Sao_Paulo' });
}

function ReturnDialog({ order, onClose, onDone }: { order: OrderDetails; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation('marketplace');
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim().length < 3) {
      setError(t('return.needReason'));
      return;
    }
    setSending(true);
    setError(null);
    try {
      await marketplaceApi.requestReturn(order.id, reason.trim());
      notify.success(t('return.sentTitle'), t('return.sentBody'));
      onDone();
    } catch (err) {
      setSending(false);
      if (isApiError(err) && err.isSessionExpired) return;
      setError(isApiError(err) ? err.message : t('return.error'));
      // The window closed or a request already exists: the page shows the current state.
      if (isApiError(err) && err.status === 409) onDone();
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('return.dialogTitle', { number: order.number })}
      description={t('return.dialogDescription')}
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={sending}>
            {t('return.cancel')}
          </Button>
          <Button type="submit" form={`${id}-form`} disabled={sending}>
            {sending ? t('return.sending') : t('return.submit')}
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} className="form" onSubmit={(e) => void submit(e)} noValidate>
        <div className="field">
          <label htmlFor={`${id}-reason`} className="field__label">
            {t('return.reason')}
          </label>
          <textarea
            id={`${id}-reason`}
            className="field__input"
            rows={4}
            maxLength={REASON_MAX}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : `${id}-hint`}
          />
          <p id={`${id}-hint`} className="field__hint">
            {t('return.reasonHint')}
          </p>
        </div>
        {error && (
          <p id={`${id}-error`} className="field__error" role="alert">
            <AlertIcon size={16} />
            <span>{error}</span>
          </p>
        )}
      </form>
    </Dialog>
  );
}

export function OrderReturn({ order, onChanged }: { order: OrderDetails; onChanged: () => void }) {
  const { t, i18n } = useTranslation('marketplace');
  const [open, setOpen] = useState(false);
  const request = order.return_request;

  if (request) {
    const tone = request.status === 'rejected' ? ' callout--warn' : request.status === 'accepted' ? ' callout--accent' : '';
    return (
      <section className={`callout${tone} order-return`} aria-labelledby="order-return-title" data-testid="order-return-status">
        <div>
          <h2 id="order-return-title" className="panel__heading">
            {t(`return.status.${request.status}`)}
          </h2>
          <p>{t(`return.statusBody.${request.status}`)}</p>
          <p className="muted">
            {t('return.yourReason')} {request.reason}
          </p>
          {request.status === 'rejected' && request.reject_reason && (
            <p>
              {t('return.rejectReason')} {request.reject_reason}
            </p>
          )}
        </div>
      </section>
    );
  }
  if (!order.can_return || !order.return_deadline) return null;
  const deadline = shortDay(order.return_deadline, i18n.language);
  return (
    <section className="panel order-section order-return" aria-labelledby="order-return-title">
      <h2 id="order-return-title" className="panel__heading">
        {t('return.title')}
      </h2>
      <p className="muted">{t('return.explain', { date: deadline })}</p>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t('return.button', { date: deadline })}
      </Button>
      {open && (
        <ReturnDialog
          order={order}
          onClose={() => setOpen(false)}
          onDone={() => {
            setOpen(false);
            onChanged();
          }}
        />
      )}
    </section>
  );
}
