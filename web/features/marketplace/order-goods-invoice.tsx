// The order's goods invoice (NF-e) on the customer's order page: its status, the 44-digit access key (to check it at
// the SEFAZ portal) and the DANFE link; nothing while the order has none (unpaid, services only).
import { useTranslation } from 'react-i18next';
import { formatAccessKey } from '../../../core/goods-invoices/goods-invoice-rules';
import { apiClient, call } from '../../lib/api';
import { registerTranslations } from '../../i18n';
import { useApiQuery } from '../../lib/query';

const ptBR = {
  title: 'Nota fiscal (NF-e)',
  key: 'Chave de acesso',
  danfe: 'Ver DANFE',
  status: {
    pending: 'Sendo emitida',
    processing: 'Sendo emitida',
    authorised: 'Emitida',
    error: 'Sendo emitida',
    cancelled: 'Cancelada',
    return_required: 'Emitida (devolução registrada)',
  },
};
const enUS: typeof ptBR = {
  title: 'Invoice (NF-e)',
  key: 'Access key',
  danfe: 'View DANFE',
  status: {
    pending: 'Being issued',
    processing: 'Being issued',
    authorised: 'Issued',
    error: 'Being issued',
    cancelled: 'Cancelled',
    return_required: 'Issued (return recorded)',
  },
};
registerTranslations('orderInvoice', { 'pt-BR': ptBR, 'en-US': enUS });

export function OrderGoodsInvoice({ orderId }: { orderId: string }) {
  const { t } = useTranslation('orderInvoice');
  const query = useApiQuery(['marketplace', 'order', orderId, 'goods-invoice'], (signal) => call(apiClient.GET('/api/orders/{id}/goods-invoice', { params: { path: { id: orderId } }, signal })));
  // The invoice is a detail of the order: while it loads, or if it fails, the page simply goes without it.
  if (query.state.status !== 'ready' || !query.state.data.invoice) return null;
  const invoice = query.state.data.invoice;
  return (
    <section className="panel order-section" aria-labelledby="order-invoice-title" data-testid="order-goods-invoice">
      <h2 id="order-invoice-title" className="panel__heading">
        {t('title')} · {t(`status.${invoice.status}`)}
      </h2>
      {invoice.access_key && (
        <p>
          {t('key')}: <strong className="order-detail__code">{formatAccessKey(invoice.access_key)}</strong>
        </p>
      )}
      {invoice.danfe_url && invoice.status !== 'cancelled' && (
        <p>
          <a href={invoice.danfe_url} target="_blank" rel="noopener noreferrer">
            {t('danfe')}
          </a>
        </p>
      )}
    </section>
  );
}
