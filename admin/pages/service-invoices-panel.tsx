// The service invoices (NFS-e) issued through the provider for a month on /admin/fiscal: status in Portuguese, the
// authorised invoice's PDF and XML, the provider's error with "Tentar de novo" (POST …/retry, audited).
import { Alert, Box, Button, Card, CardContent, Chip, CircularProgress, Link, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useLocaleState, useNotify } from 'react-admin';
import type { ApiAnswer } from '../lib/api';
import { adminApi, call } from '../lib/api';
import { formatBRL } from '../lib/money';

type Invoice = ApiAnswer<'/api/admin/service-invoices', 'get'>['items'][number];
type State = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; items: Invoice[]; total: number };

const TEXTS = {
  'pt-BR': {
    title: 'Notas fiscais de serviço (NFS-e) emitidas pelo provedor',
    intro: 'A taxa da plataforma em cada compra concluída, pela data da conclusão. A situação vem do provedor; uma nota com erro mostra o motivo e pode ser enviada de novo.',
    loading: 'Carregando notas…',
    empty: 'Nenhuma nota fiscal de serviço neste mês.',
    error: 'Não foi possível carregar as notas fiscais.',
    columns: { date: 'Concluída em', description: 'Serviço', amount: 'Valor', status: 'Situação', number: 'Número', links: 'Arquivos', error: 'Erro' },
    retry: 'Tentar de novo',
    retried: 'Nota enviada de novo ao provedor.',
    cancelling: 'cancelamento pedido',
    status: { scheduled: 'Agendada', synchronised: 'Enviada à prefeitura', authorised: 'Autorizada', cancelled: 'Cancelada', error: 'Com erro' },
  },
  'en-US': {
    title: 'Service invoices (NFS-e) issued by the provider',
    intro: "The platform's fee on each completed purchase, by completion date. The status comes from the provider; an invoice in error shows why and can be sent again.",
    loading: 'Loading invoices…',
    empty: 'No service invoices this month.',
    error: 'Could not load the service invoices.',
    columns: { date: 'Completed on', description: 'Service', amount: 'Amount', status: 'Status', number: 'Number', links: 'Files', error: 'Error' },
    retry: 'Try again',
    retried: 'Invoice sent to the provider again.',
    cancelling: 'cancellation requested',
    status: { scheduled: 'Scheduled', synchronised: 'Sent to the city', authorised: 'Authorised', cancelled: 'Cancelled', error: 'Error' },
  },
} as const;

const COLORS = { scheduled: 'default', synchronised: 'info', authorised: 'success', cancelled: 'default', error: 'error' } as const;
const dateTime = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' });

export const ServiceInvoicesPanel = ({ month }: { month: string }) => {
  const [locale] = useLocaleState();
  const t = TEXTS[locale === 'en-US' ? 'en-US' : 'pt-BR'];
  const notify = useNotify();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(() => {
    let live = true;
    setState({ status: 'loading' });
    call(adminApi.GET('/api/admin/service-invoices', { params: { query: { month, page: 1, per_page: 200 } } }))
      .then((answer) => live && setState({ status: 'ready', items: answer.items, total: answer.total }))
      .catch((err: Error) => live && setState({ status: 'error', message: err.message || t.error }));
    return () => {
      live = false;
    };
  }, [month, t.error]);
  useEffect(() => (/^\d{4}-(0[1-9]|1[0-2])$/.test(month) ? load() : undefined), [load, month]);

  const retry = async (id: string) => {
    setBusy(id);
    try {
      await call(adminApi.POST('/api/admin/service-invoices/{id}/retry', { params: { path: { id } } }));
      notify(t.retried, { type: 'success' });
      load();
    } catch (err) {
      notify((err as Error).message || t.error, { type: 'error' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card sx={{ mt: 2 }} data-testid="service-invoices">
      <CardContent>
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 0.5 }}>
          {t.title}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
          {t.intro}
        </Typography>
        {state.status === 'loading' && (
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }} role="status">
            <CircularProgress size={20} />
            <Typography>{t.loading}</Typography>
          </Stack>
        )}
        {state.status === 'error' && <Alert severity="error">{state.message}</Alert>}
        {state.status === 'ready' && state.items.length === 0 && <Typography sx={{ color: 'text.secondary' }}>{t.empty}</Typography>}
        {state.status === 'ready' && state.items.length > 0 && (
          <TableContainer tabIndex={0} role="region" aria-label={t.title} sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={t.title} sx={{ minWidth: 900 }}>
              <TableHead>
                <TableRow>
                  {(['date', 'description', 'amount', 'status', 'number', 'links', 'error'] as const).map((k) => (
                    <TableCell key={k} component="th" scope="col" align={k === 'amount' ? 'right' : 'left'}>
                      {t.columns[k]}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {state.items.map((i) => (
                  <TableRow key={i.id}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateTime.format(new Date(i.occurred_at))}</TableCell>
                    <TableCell sx={{ minWidth: 220 }}>{i.description}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{formatBRL(i.amount)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      <Chip size="small" color={COLORS[i.status]} variant={i.status === 'cancelled' ? 'outlined' : 'filled'} label={t.status[i.status]} />
                      {i.cancel_requested_at && i.status !== 'cancelled' && (
                        <Typography component="span" variant="caption" sx={{ ml: 1, color: 'text.secondary' }}>
                          {t.cancelling}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>{i.number ?? '—'}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {i.pdf_url ? (
                        <Box component="span" sx={{ display: 'inline-flex', gap: 1.5 }}>
                          <Link href={i.pdf_url} target="_blank" rel="noopener noreferrer">PDF</Link>
                          {i.xml_url && <Link href={i.xml_url} target="_blank" rel="noopener noreferrer">XML</Link>}
                        </Box>
                      ) : (
                        '—'
                      )}
                    </TableCell>
                    <TableCell sx={{ minWidth: 220 }}>
                      {i.status === 'error' ? (
                        <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                          <Typography variant="body2" sx={{ color: 'error.main' }}>{i.error_message}</Typography>
                          <Button size="small" variant="outlined" disabled={busy === i.id} onClick={() => retry(i.id)}>
                            {t.retry}
                          </Button>
                        </Stack>
                      ) : (
                        '—'
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
    </Card>
  );
};
