// The professionals list.
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Box, Tab, Tabs, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useState } from 'react';
import { Button, FilterButton, DataTable, List, NullableBooleanInput, SearchInput, SelectInput, SimpleList, TextInput, TopToolbar, useListContext, useLocaleState, useNotify, useRefresh, useTranslate, useUnselectAll } from 'react-admin';
import { usePlanCategories } from '../../lib/plan-categories';
import { errorMessage } from '../../providers/dataProvider';
import { StatusTabEmpty } from '../../components/status-tab-empty';
import { formatCents } from '../../../core/shared/money';
import { adminApi, call } from '../../lib/api';
import { Professional, ProfessionalStatus, PROFESSIONAL_TABS, decideProfessional, useCategoryName, StatusChip, FeaturedChip } from './shared';

// ---------------------------------------------------------------------------------------------
// List
export const StatusTabs = () => {
  const { filterValues, setFilters, displayedFilters } = useListContext<Professional>();
  const translate = useTranslate();
  const current = (filterValues.status as ProfessionalStatus | undefined) ?? 'pending';
  return (
    <Tabs
      value={current}
      onChange={(_, status: ProfessionalStatus) => setFilters({ ...filterValues, status }, displayedFilters)}
      variant="scrollable"
      allowScrollButtonsMobile
      aria-label={translate('turma.professionals.tabs_label')}
      // `contain`: the scrollable tabs take the list's width instead of widening the layout on a phone.
      sx={{ borderBottom: 1, borderColor: 'divider', contain: 'inline-size' }}
    >
      {PROFESSIONAL_TABS.map((status) => (
        <Tab key={status} value={status} label={translate(`turma.professionals.tabs.${status}`)} />
      ))}
    </Tabs>
  );
};

/** Approves every selected application, one request each (each one e-mailed, notified and audited). */
export const BulkApproveButton = () => {
  const { selectedIds, filterValues } = useListContext<Professional>();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll('professionals');
  const [busy, setBusy] = useState(false);
  if ((filterValues.status ?? 'pending') !== 'pending') return null;
  const approveAll = async () => {
    setBusy(true);
    let ok = 0;
    const failures: string[] = [];
    for (const id of selectedIds) {
      try {
        await decideProfessional(String(id), 'approve');
        ok += 1;
      } catch (err) {
        failures.push(errorMessage(err));
      }
    }
    setBusy(false);
    unselectAll();
    refresh();
    if (failures.length) {
      notify('turma.professionals.bulk_partial', { type: 'warning', messageArgs: { ok, failed: failures.length, reason: failures[0] } });
    } else {
      notify('turma.professionals.bulk_approved', { type: 'success', messageArgs: { smart_count: ok } });
    }
  };
  return (
    <Button label="turma.professionals.actions.bulk_approve" onClick={approveAll} disabled={busy}>
      <CheckCircleIcon />
    </Button>
  );
};

export const useProfessionalFilters = () => {
  const { categories } = usePlanCategories();
  const choices = categories.filter((c) => c.kind === 'service').map((c) => ({ id: c.slug, name: c.name }));
  return [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput key="category" source="category" choices={choices} translateChoice={false} alwaysOn sx={{ minWidth: 180 }} />,
    <TextInput key="city" source="city" alwaysOn sx={{ minWidth: 160 }} />,
    <NullableBooleanInput
      key="featured"
      source="featured"
      alwaysOn
      nullLabel="turma.professionals.featured_filter.all"
      trueLabel="turma.professionals.featured_filter.yes"
      falseLabel="turma.professionals.featured_filter.no"
      sx={{ minWidth: 160 }}
    />,
  ];
};

export const ProfessionalListBody = () => {
  const translate = useTranslate();
  const categoryName = useCategoryName();
  const [locale] = useLocaleState();
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const place = (r: Professional) => [r.address_city, r.address_state].filter(Boolean).join(' / ') || '—';
  return (
    <>
      <StatusTabs />
      {isSmall ? (
        <SimpleList<Professional>
          linkType="show"
          primaryText={(r) => r.business_name}
          secondaryText={(r) => `${categoryName(r.category)} · ${place(r)}`}
          tertiaryText={(r) => <StatusChip status={r.status} />}
          empty={<StatusTabEmpty tabs={PROFESSIONAL_TABS} messages="turma.professionals" />}
        />
      ) : (
        <DataTable<Professional>
          rowClick="show"
          bulkActionButtons={<BulkApproveButton />}
          empty={<StatusTabEmpty tabs={PROFESSIONAL_TABS} messages="turma.professionals" />}
          sx={{ '& .RaDataTable-tableWrapper': { overflowX: 'auto', contain: 'inline-size' } }}
        >
          <DataTable.Col
            source="business_name"
            render={(r) => (
              <Box sx={{ minWidth: 160 }}>
                <Typography component="span" variant="body2" sx={{ display: 'block', fontWeight: 600 }}>
                  {r.business_name}
                </Typography>
                <Typography component="span" variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
                  {r.full_name}
                </Typography>
              </Box>
            )}
          />
          <DataTable.Col source="category" render={(r) => categoryName(r.category)} />
          <DataTable.Col source="address_city" render={place} />
          <DataTable.Col source="created_at" render={(r) => new Date(r.created_at).toLocaleDateString(locale)} />
          <DataTable.Col source="rating_average" align="right" render={(r) => (r.total_reviews ? `${r.rating_average.toFixed(2)} (${r.total_reviews})` : '—')} />
          <DataTable.Col
            source="status"
            disableSort
            label="turma.professionals.columns.situation"
            render={(r) => (
              <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                <StatusChip status={r.status} />
                <FeaturedChip record={r as Professional} />
              </Box>
            )}
          />
        </DataTable>
      )}
      <Typography variant="caption" sx={{ display: 'block', px: 2, py: 1, color: 'text.secondary' }}>
        {translate('turma.professionals.list_hint')}
      </Typography>
    </>
  );
};

/** POST /api/admin/payouts/run: pays every professional due a payout now (the daily job's run, audited). */
export const RunPayoutsButton = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const [running, setRunning] = useState(false);
  const run = async () => {
    setRunning(true);
    try {
      const result = await call(adminApi.POST('/api/admin/payouts/run'));
      notify(
        result.payouts === 0
          ? 'turma.professionals.payouts.none'
          : translate('turma.professionals.payouts.done', { count: result.payouts, amount: formatCents(result.amount, 'pt-BR'), smart_count: result.payouts }),
        { type: result.payouts === 0 ? 'info' : 'success' },
      );
    } catch (err) {
      notify(errorMessage(err), { type: 'error' });
    } finally {
      setRunning(false);
    }
  };
  return <Button label="turma.professionals.payouts.run" onClick={run} disabled={running} />;
};

export const ProfessionalListActions = () => (
  <TopToolbar>
    <FilterButton />
    <RunPayoutsButton />
  </TopToolbar>
);

export const ProfessionalList = () => (
  <List<Professional>
    actions={<ProfessionalListActions />}
    sort={{ field: 'created_at', order: 'ASC' }}
    perPage={25}
    filters={useProfessionalFilters()}
    filterDefaultValues={{ status: 'pending' }}
    exporter={false}
  >
    <ProfessionalListBody />
  </List>
);
