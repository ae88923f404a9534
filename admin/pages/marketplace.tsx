// /admin/marketplace: the marketplace at a glance (GET /api/admin/marketplace/overview) — products active/inactive,
// low stock (each linked to its product), orders by status today and this month (Brasília), sales this month, and the
// way to products, orders and categories.
import { Alert, Box, Button, Card, CardContent, Chip, CircularProgress, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Title, useTranslate } from 'react-admin';
import type { MarketplaceOverviewRecord } from '../lib/api-types';
import { formatBRL } from '../lib/money';
import { adminApi, call } from '../lib/api';

type State = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; overview: MarketplaceOverviewRecord };

const STATUSES = ['pending', 'paid', 'preparing', 'shipped', 'delivered', 'cancelled', 'refunded'] as const;
const int = new Intl.NumberFormat('pt-BR');

const Figure = ({ label, value, testId }: { label: string; value: string; testId?: string }) => (
  <Card sx={{ flex: 1, minWidth: 160 }} data-testid={testId}>
    <CardContent>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography variant="h5" component="p" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Typography>
    </CardContent>
  </Card>
);

export const MarketplacePage = () => {
  const translate = useTranslate();
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    let alive = true;
    call(adminApi.GET('/api/admin/marketplace/overview')).then(
      (overview) => alive && setState({ status: 'ready', overview }),
      (err: unknown) => alive && setState({ status: 'error', message: err instanceof Error ? err.message : String(err) }),
    );
    return () => {
      alive = false;
    };
  }, []);

  return (
    <Box sx={{ py: { xs: 1, sm: 2 }, maxWidth: 1100 }}>
      <Title title="turma.marketplace.title" />
      <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', gap: 1 }} useFlexGap>
        <Button component={Link} to="/marketplace/products" variant="contained">
          {translate('turma.marketplace.links.products')}
        </Button>
        <Button component={Link} to="/marketplace/orders" variant="outlined">
          {translate('turma.marketplace.links.orders')}
        </Button>
        <Button component={Link} to="/marketplace/categories" variant="outlined">
          {translate('turma.marketplace.links.categories')}
        </Button>
      </Stack>
      {state.status === 'loading' ? <CircularProgress aria-label={translate('ra.page.loading')} /> : null}
      {state.status === 'error' ? <Alert severity="error">{state.message}</Alert> : null}
      {state.status === 'ready' ? (
        <>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
            <Figure testId="mk-active" label={translate('turma.marketplace.figures.active')} value={int.format(state.overview.products.active)} />
            <Figure testId="mk-inactive" label={translate('turma.marketplace.figures.inactive')} value={int.format(state.overview.products.inactive)} />
            <Figure label={translate('turma.marketplace.figures.low_stock')} value={int.format(state.overview.products.low_stock)} />
            <Figure label={translate('turma.marketplace.figures.sold_out')} value={int.format(state.overview.products.sold_out)} />
            <Figure
              testId="mk-sales"
              label={translate('turma.marketplace.figures.sales_month')}
              value={`${formatBRL(state.overview.sales_month.amount)} (${int.format(state.overview.sales_month.count)})`}
            />
          </Stack>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <Card sx={{ flex: 1, minWidth: 0 }}>
              <CardContent>
                <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
                  {translate('turma.marketplace.orders_title')}
                </Typography>
                <Table size="small" aria-label={translate('turma.marketplace.orders_title')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{translate('turma.marketplace.status')}</TableCell>
                      <TableCell align="right">{translate('turma.marketplace.today')}</TableCell>
                      <TableCell align="right">{translate('turma.marketplace.month')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {STATUSES.map((s) => (
                      <TableRow key={s}>
                        <TableCell>{translate(`turma.orders.status.${s}`, { _: s })}</TableCell>
                        <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                          {int.format(state.overview.orders_today[s])}
                        </TableCell>
                        <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                          {int.format(state.overview.orders_month[s])}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </CardContent>
            </Card>
            <Card sx={{ flex: 1, minWidth: 0 }}>
              <CardContent>
                <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
                  {translate('turma.marketplace.low_stock_title', { n: state.overview.low_stock_threshold })}
                </Typography>
                {state.overview.low_stock.length === 0 ? (
                  <Typography sx={{ color: 'text.secondary' }}>{translate('turma.marketplace.low_stock_empty')}</Typography>
                ) : (
                  <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
                    {state.overview.low_stock.map((p) => (
                      <Box component="li" key={p.id} sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', py: 0.5, gap: 1 }}>
                        <Link to={`/marketplace/products/${encodeURIComponent(p.id)}`}>{p.name}</Link>
                        <Chip size="small" color={p.stock_quantity === 0 ? 'error' : 'warning'} label={p.stock_quantity === 0 ? translate('turma.products.stock_states.sold_out') : translate('turma.marketplace.units', { smart_count: p.stock_quantity })} />
                      </Box>
                    ))}
                  </Box>
                )}
              </CardContent>
            </Card>
          </Stack>
        </>
      ) : null}
    </Box>
  );
};
