// "Onde está o dinheiro" on each /my-groups card (docs/product/group-purchase.md#where-the-money-is): the group's money in totals — held,
// refunded, credited, released, paid to professionals, shipped — and the paying members' first names with where each
// one's money is (GET /api/groups/:id/escrow). The visible proof that no member is paid with another's money.
import './i18n';
import './escrow.css';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { apiClient, call } from '../../lib/api';
import type { ApiAnswer } from '../../lib/api-client';
import { useApiQuery } from '../../lib/query';
import { formatCents } from '../../../core/shared/money';
import { InlineError, InlineLoading } from '../../components/resource-states';

export type GroupEscrow = ApiAnswer<'/api/groups/{id}/escrow', 'get'>;

export const escrowKey = (groupId: string) => ['groups', 'escrow', groupId] as const;
/** GET /api/groups/:id/escrow (also fetched ahead by /my-groups, which draws its cards once their figures are known). */
export const loadEscrow = (groupId: string, signal?: AbortSignal) => call(apiClient.GET('/api/groups/{id}/escrow', { params: { path: { id: groupId } }, signal }));

/** Money is shown as Brazilians read it, whatever the interface language (R$ 1.234,56). */
const brl = (cents: number) => formatCents(cents, 'pt-BR');

export function EscrowSection({ groupId }: { groupId: string }) {
  const { t } = useTranslation('groups');
  const titleId = useId();
  const { state, retry } = useApiQuery(escrowKey(groupId), (signal) => loadEscrow(groupId, signal), {
    refetchOnWindowFocus: true,
  });

  return (
    <section className="escrow" aria-labelledby={titleId} data-testid="escrow">
      <h4 id={titleId} className="escrow__title">
        {t('escrow.title')}
      </h4>
      {state.status === 'loading' && <InlineLoading label={t('escrow.loading')} />}
      {state.status === 'error' && <InlineError message={t('escrow.error')} retryLabel={t('retry')} onRetry={retry} />}
      {state.status === 'ready' && <EscrowFigures escrow={state.data} />}
    </section>
  );
}

function EscrowFigures({ escrow }: { escrow: GroupEscrow }) {
  const { t } = useTranslation('groups');
  if (escrow.paid_in.count === 0) return <p className="escrow__empty">{t('escrow.empty')}</p>;

  const { held } = escrow;
  const heldDetail = [
    held.entries.count > 0 ? t('escrow.heldDetail', { count: held.entries.count }) : null,
    held.balances.count > 0 ? t('escrow.heldBalances', { count: held.balances.count }) : null,
    held.refund_pending.count > 0 ? t('escrow.refundPending', { value: brl(held.refund_pending.amount) }) : null,
  ].filter(Boolean);
  const lines: Array<{ key: string; label: string; amount: number; detail: string | null; tone: string }> = [
    { key: 'held', label: t('escrow.held'), amount: held.amount, detail: heldDetail.length ? heldDetail.join(' · ') : null, tone: 'held' },
  ];
  const more = [
    ['refunded', escrow.refunded, 'refunded'],
    ['credited', escrow.credited, 'credited'],
    ['released', escrow.released, 'released'],
    ['paidOut', escrow.paid_to_professionals, 'released'],
    ['shipped', escrow.shipped, 'released'],
  ] as const;
  for (const [key, figure, tone] of more) {
    if (figure.count > 0) lines.push({ key, label: t(`escrow.${key}`), amount: figure.amount, detail: t('escrow.people', { count: figure.count }), tone });
  }
  // The bar splits what was paid in: held, back to members (refunded or credited), released to the purchases.
  const total = escrow.paid_in.amount;
  const share = (cents: number) => `${((cents / total) * 100).toFixed(2)}%`;
  const back = escrow.refunded.amount + escrow.credited.amount;
  // The caller's own money, bucket by bucket ("R$ 10,00 guardado, R$ 10,00 devolvido").
  const mineWhere = (['held', 'refunded', 'credited', 'released'] as const)
    .filter((k) => escrow.mine[k] > 0)
    .map((k) => `${brl(escrow.mine[k])} ${t(`escrow.state.${k}`)}`)
    .join(', ');

  return (
    <>
      <div className="escrow__bar" aria-hidden="true">
        {held.amount > 0 && <span className="escrow__bar-part escrow__bar-part--held" style={{ width: share(held.amount) }} />}
        {back > 0 && <span className="escrow__bar-part escrow__bar-part--refunded" style={{ width: share(back) }} />}
        {escrow.released.amount > 0 && <span className="escrow__bar-part escrow__bar-part--released" style={{ width: share(escrow.released.amount) }} />}
      </div>
      <dl className="escrow__figures">
        {lines.map((line) => (
          <div key={line.key} className={`escrow__figure escrow__figure--${line.tone}`} data-figure={line.key}>
            <dt>{line.label}</dt>
            <dd>
              <strong>{brl(line.amount)}</strong>
              {line.detail && <span className="escrow__detail">{line.detail}</span>}
            </dd>
          </div>
        ))}
      </dl>
      <ul className="escrow__people" aria-label={t('escrow.whoLabel')}>
        {escrow.members.map((m, i) => (
          <li key={`${m.first_name}-${i}`} className={`escrow__person escrow__person--${m.state}`}>
            {m.first_name}
            {m.is_me && <span className="escrow__you"> ({t('escrow.you')})</span>}
            <span className="escrow__state">{t(`escrow.state.${m.state}`)}</span>
          </li>
        ))}
      </ul>
      {escrow.mine.paid_in > 0 && <p className="escrow__mine">{t('escrow.mine', { paid: brl(escrow.mine.paid_in), where: mineWhere })}</p>}
      <p className="escrow__promise">{t('escrow.promise')}</p>
    </>
  );
}
