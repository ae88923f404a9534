// The order's goods invoice (NF-e) on its back-office page: status in Portuguese, access key, DANFE and XML links;
// a rejection or an unreachable provider shows the provider's message and "Enviar de novo" (audited on the server).
import { Alert, Box, Button, Chip, CircularProgress, Link, Stack, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { formatAccessKey } from '../../../core/goods-invoices/goods-invoice-rules';
import { Fact, Facts, MONO, SectionCard } from '../../components/facts';
import { adminApi, call, postAction, type ApiAnswer } from '../../lib/api';
import { formatBRL } from '../../lib/money';

type Invoice = NonNullable<ApiAnswer<'/api/admin/orders/{id}/goods-invoice', 'get'>['invoice']>;
type State = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; invoice: Invoice | null };

const CHIP: Record<Invoice['status'], 'default' | 'success' | 'error' | 'warning' | 'info'> = {
  pending: 'default',
  processing: 'info',
  authorised: 'success',
  error: 'error',
  cancelled: 'default',
  return_required: 'warning',
};

export const OrderGoodsInvoice = ({ orderId }: { orderId: string }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [sending, setSending] = useState(false);
  const load = useCallback(() => {
    call(adminApi.GET('/api/admin/orders/{id}/goods-invoice', { params: { path: { id: orderId } } }))
      .then((answer) => setState({ status: 'ready', invoice: answer.invoice }))
      .catch((err: Error) => setState({ status: 'error', message: err.message || translate('turma.goods_invoice.load_error') }));
  }, [orderId, translate]);
  useEffect(load, [load]);

  const retry = async (id: string) => {
    setSending(true);
    try {
      await postAction('/api/admin/goods-invoices/{id}/retry', id);
      notify('turma.goods_invoice.retried', { type: 'success' });
      load();
    } catch (err) {
      notify((err as Error).message || 'turma.goods_invoice.load_error', { type: 'error' });
    } finally {
      setSending(false);
    }
  };

  return (
    <SectionCard title="turma.goods_invoice.title">
      {state.status === 'loading' && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
          <CircularProgress size={18} />
          <Typography variant="body2">{translate('turma.goods_invoice.loading')}</Typography>
        </Stack>
      )}
      {state.status === 'error' && <Alert severity="error">{state.message}</Alert>}
      {state.status === 'ready' && !state.invoice && <Typography sx={{ color: 'text.secondary' }}>{translate('turma.goods_invoice.none')}</Typography>}
      {state.status === 'ready' && state.invoice && (
        <Box data-testid="goods-invoice">
          <Facts>
            <Fact label={translate('turma.goods_invoice.status')}>
              <Chip size="small" color={CHIP[state.invoice.status]} label={translate(`turma.fiscal.nfe_statuses.${state.invoice.status}`)} />
            </Fact>
            <Fact label={translate('turma.goods_invoice.key')} mono>
              {state.invoice.access_key ? formatAccessKey(state.invoice.access_key) : '—'}
            </Fact>
            <Fact label={translate('turma.goods_invoice.number')}>{state.invoice.number ? `${state.invoice.number} / ${state.invoice.series ?? '—'}` : '—'}</Fact>
            <Fact label={translate('turma.goods_invoice.amounts')}>
              {translate('turma.goods_invoice.amounts_value', { goods: formatBRL(state.invoice.goods_amount), freight: formatBRL(state.invoice.freight_amount) })}
            </Fact>
            <Fact label={translate('turma.goods_invoice.reference')}>
              <span style={{ fontFamily: MONO }}>{state.invoice.reference}</span>
            </Fact>
          </Facts>
          <Stack direction="row" spacing={2} sx={{ mt: 1 }}>
            {state.invoice.danfe_url && (
              <Link href={state.invoice.danfe_url} target="_blank" rel="noopener">
                {translate('turma.goods_invoice.danfe')}
              </Link>
            )}
            {state.invoice.xml_url && (
              <Link href={state.invoice.xml_url} target="_blank" rel="noopener">
                {translate('turma.goods_invoice.xml')}
              </Link>
            )}
          </Stack>
          {state.invoice.status === 'return_required' && <Alert severity="warning" sx={{ mt: 1.5 }}>{translate('turma.goods_invoice.return_required')}</Alert>}
          {state.invoice.error_message && (
            <Alert
              severity={state.invoice.status === 'error' ? 'error' : 'warning'}
              sx={{ mt: 1.5 }}
              action={
                state.invoice.can_retry ? (
                  <Button color="inherit" size="small" disabled={sending} onClick={() => retry(state.invoice!.id)}>
                    {translate('turma.goods_invoice.retry')}
                  </Button>
                ) : undefined
              }
            >
              {translate('turma.goods_invoice.provider_said', { message: state.invoice.error_message, code: state.invoice.provider_status ?? '—' })}
            </Alert>
          )}
        </Box>
      )}
    </SectionCard>
  );
};
