// "Desistir da compra" on a /my-groups card (docs/product/payments.md#withdrawal-cdc-art-49): shown with its deadline
// while the window is open; the dialog explains what happens and lets the member choose the refund to the payment
// method or wallet credit.
import './i18n';
import './withdrawal.css';
import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { AlertIcon } from '../../components/icons';
import { apiClient, call, isApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import type { MyGroupItem } from '../../lib/groups-api';
import { formatCents } from '../../../core/shared/money';
import { escrowKey } from './escrow-section';

type Destination = 'original' | 'wallet';

const ddmmyyyy = (iso: string) => new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(iso));

export function WithdrawalSection({ item, now, onWithdrawn }: { item: MyGroupItem; now: number; onWithdrawn: (membershipId: string) => void }) {
  const { t } = useTranslation('groups');
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const deadline = item.membership.withdrawal_deadline;
  if (!deadline || new Date(deadline).getTime() < now) return null;
  const date = ddmmyyyy(deadline);
  return (
    <div className="withdrawal" data-testid="withdrawal">
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)}>
        {t('withdrawal.button')}
      </Button>
      <span className="withdrawal__until">{t('withdrawal.until', { date })}</span>
      {open && (
        <WithdrawalDialog
          item={item}
          date={date}
          onClose={() => setOpen(false)}
          onDone={() => {
            setOpen(false);
            void client.invalidateQueries({ queryKey: escrowKey(item.group.id) });
            onWithdrawn(item.membership.id);
          }}
        />
      )}
    </div>
  );
}

function WithdrawalDialog({ item, date, onClose, onDone }: { item: MyGroupItem; date: string; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation('groups');
  const id = useId();
  const [destination, setDestination] = useState<Destination>('original');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A voucher exists once the group completed: the whole purchase is withdrawn.
  const purchase = item.voucher !== null;
  const amount = item.membership.withdrawable_amount ?? 0;
  const plan = item.group.plan?.name ?? '';

  const confirm = async () => {
    setSending(true);
    setError(null);
    try {
      await call(apiClient.POST('/api/me/memberships/{id}/withdraw', { params: { path: { id: item.membership.id } }, body: { destination } }));
      notify.success(t('withdrawal.success'), destination === 'wallet' ? t('withdrawal.successWallet') : t('withdrawal.successOriginal'));
      onDone();
    } catch (err) {
      setSending(false);
      if (isApiError(err) && err.isSessionExpired) return;
      setError(isApiError(err) ? err.message : t('withdrawal.error'));
    }
  };

  const options: { value: Destination; label: string; hint: string }[] = [
    { value: 'original', label: t('withdrawal.original'), hint: t('withdrawal.originalHint') },
    { value: 'wallet', label: t('withdrawal.wallet'), hint: t('withdrawal.walletHint') },
  ];

  return (
    <Dialog
      open
      tone="danger"
      onClose={onClose}
      title={t('withdrawal.title')}
      description={t(purchase ? 'withdrawal.explainPurchase' : 'withdrawal.explainEntry', { plan, value: formatCents(amount, 'pt-BR'), date })}
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={sending}>
            {t('withdrawal.cancel')}
          </Button>
          <Button onClick={() => void confirm()} disabled={sending}>
            {sending ? t('withdrawal.sending') : t('withdrawal.confirm')}
          </Button>
        </>
      }
    >
      <fieldset className="refund-pref withdrawal__choice" disabled={sending}>
        <legend className="refund-pref__legend">{t('withdrawal.legend')}</legend>
        <div className="refund-pref__options">
          {options.map((option) => (
            <label key={option.value} className={`choice choice--compact${destination === option.value ? ' choice--checked' : ''}`}>
              <input type="radio" name={`${id}-destination`} value={option.value} checked={destination === option.value} onChange={() => setDestination(option.value)} className="choice__input" />
              <span className="choice__body">
                <span className="choice__label">{option.label}</span>
                <span className="choice__hint">{option.hint}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {error && (
        <p className="withdrawal__error" role="alert">
          <AlertIcon size={16} /> {error}
        </p>
      )}
    </Dialog>
  );
}
