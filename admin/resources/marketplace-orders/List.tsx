// The marketplace-orders list.
import InventoryIcon from '@mui/icons-material/Inventory2';
import { Box, Tab, Tabs, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useState } from 'react';
import { Button, DataTable, DateInput, List, SearchInput, SimpleList, TextInput, TopToolbar, useListContext, useLocaleState, useNotify, useRefresh, useTranslate, useUnselectAll } from 'react-admin';
import { ExportCsvButton } from '../../components/export-button';
import { MONO } from '../../components/facts';
import { formatBRL } from '../../lib/money';
import { adminApi, call } from '../../lib/api';
import { AdminOrderSummary, ORDERS_RESOURCE, StatusChip } from './shared';

export const TABS = ['all', 'paid', 'preparing', 'shipped', 'delivered', 'pending', 'cancelled', 'refunded'] as const;

export type TabValue = (typeof TABS)[number];

// ---------------------------------------------------------------------------------------------------------------
// List
export const StatusTabs = () => {
  const { filterValues, setFilters, displayedFilters } = useListContext<AdminOrderSummary>();
  const translate = useTranslate();
  const current: TabValue = typeof filterValues.status === 'string' && (TABS as readonly string[]).includes(filterValues.status) ? (filterValues.status as TabValue) : 'all';
  return (
    <Tabs
      value={current}
      onChange={(_, tab: TabValue) => {
        const { status: _s, ...rest } = filterValues as Record<string, unknown>;
        setFilters(tab === 'all' ? rest : { ...rest, status: tab }, displayedFilters);
      }}
      variant="scrollable"
      allowScrollButtonsMobile
      aria-label={translate('turma.orders.tabs_label')}
      sx={{ borderBottom: 1, borderColor: 'divider', contain: 'inline-size' }}
    >
      {TABS.map((tab) => (
        <Tab key={tab} value={tab} label={translate(tab === 'all' ? 'turma.orders.all' : `turma.orders.status.${tab}`)} />
      ))}
    </Tabs>
  );
};

export const BulkPreparingButton = () => {
  const { selectedIds } = useListContext<AdminOrderSummary>();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll(ORDERS_RESOURCE);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const result = await call(adminApi.POST('/api/admin/orders/bulk-preparing', { body: { ids: selectedIds.map(String) } }));
      notify('turma.orders.bulk_done', { type: result.refused.length ? 'warning' : 'success', messageArgs: { moved: result.moved.length, refused: result.refused.length } });
      unselectAll();
      refresh();
    } catch (err) {
      notify(err instanceof Error && err.message ? err.message : 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button label="turma.orders.actions.bulk_preparing" onClick={run} disabled={busy}>
      <InventoryIcon />
    </Button>
  );
};

export const orderFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <DateInput key="created_at_gte" source="created_at_gte" alwaysOn />,
  <DateInput key="created_at_lte" source="created_at_lte" alwaysOn />,
  <TextInput key="user_id" source="user_id" />,
];

export const ListActions = () => (
  <TopToolbar>
    <ExportCsvButton resource="orders" />
  </TopToolbar>
);

export const Empty = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ p: 4, textAlign: 'center', color: 'text.secondary' }}>
      <Typography>{translate('turma.orders.empty')}</Typography>
    </Box>
  );
};

export const OrderListBody = () => {
  const [locale] = useLocaleState();
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const dateTime = (iso: string) => new Date(iso).toLocaleString(locale, { dateStyle: 'short', timeStyle: 'short' });
  return (
    <>
      <StatusTabs />
      {isSmall ? (
        <SimpleList<AdminOrderSummary>
          linkType="edit"
          primaryText={(r) => `${r.number} · ${formatBRL(r.total_amount)}`}
          secondaryText={(r) => `${r.full_name ?? r.email ?? ''} · ${dateTime(r.created_at)}`}
          tertiaryText={(r) => <StatusChip status={r.status} />}
          empty={<Empty />}
        />
      ) : (
        <DataTable<AdminOrderSummary> rowClick="edit" bulkActionButtons={<BulkPreparingButton />} empty={<Empty />} sx={{ '& .RaDataTable-tableWrapper': { overflowX: 'auto', contain: 'inline-size' } }}>
          <DataTable.Col source="number" disableSort render={(r) => <Box component="span" sx={{ fontFamily: MONO }}>{r.number}</Box>} />
          <DataTable.Col source="created_at" render={(r) => dateTime(r.created_at)} />
          <DataTable.Col source="full_name" disableSort render={(r) => (
            <Box>
              <Typography variant="body2">{r.full_name ?? '—'}</Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>{r.email}</Typography>
            </Box>
          )} />
          <DataTable.Col source="items_count" />
          <DataTable.Col source="total_amount" render={(r) => formatBRL(r.total_amount)} />
          <DataTable.Col source="status" render={(r) => <StatusChip status={r.status} />} />
          <DataTable.Col source="tracking_code" disableSort render={(r) => (r.tracking_code ? <Box component="span" sx={{ fontFamily: MONO }}>{r.tracking_code}</Box> : '')} />
        </DataTable>
      )}
    </>
  );
};

export const OrderList = () => (
  <List<AdminOrderSummary> resource={ORDERS_RESOURCE} sort={{ field: 'created_at', order: 'DESC' }} perPage={25} filters={orderFilters} actions={<ListActions />} exporter={false} empty={false}>
    <OrderListBody />
  </List>
);
