// The influencers list.
import { Box, Tab, Tabs, Typography, useMediaQuery, type Theme } from '@mui/material';
import { DataTable, List, SearchInput, SimpleList, useListContext, useLocaleState, useTranslate } from 'react-admin';
import { StatusTabEmpty } from '../../components/status-tab-empty';
import { Influencer, InfluencerStatus, INFLUENCER_TABS, formatRateBp, InfluencerStatusChip, handles } from './shared';

// ---------------------------------------------------------------------------------------------
// List
export const StatusTabs = () => {
  const { filterValues, setFilters, displayedFilters } = useListContext<Influencer>();
  const translate = useTranslate();
  const current = (filterValues.status as InfluencerStatus | undefined) ?? 'pending';
  return (
    <Tabs
      value={current}
      onChange={(_, status: InfluencerStatus) => setFilters({ ...filterValues, status }, displayedFilters)}
      variant="scrollable"
      allowScrollButtonsMobile
      aria-label={translate('turma.influencers.tabs_label')}
      sx={{ borderBottom: 1, borderColor: 'divider', contain: 'inline-size' }}
    >
      {INFLUENCER_TABS.map((status) => (
        <Tab key={status} value={status} label={translate(`turma.influencers.tabs.${status}`)} />
      ))}
    </Tabs>
  );
};

export const InfluencerListBody = () => {
  const [locale] = useLocaleState();
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <>
      <StatusTabs />
      {isSmall ? (
        <SimpleList<Influencer>
          linkType="show"
          primaryText={(r) => r.full_name || r.email}
          secondaryText={(r) => `${r.niche} · ${new Intl.NumberFormat(locale).format(r.audience_size)}`}
          tertiaryText={(r) => <InfluencerStatusChip status={r.status} />}
          empty={<StatusTabEmpty tabs={INFLUENCER_TABS} messages="turma.influencers" />}
        />
      ) : (
        <DataTable<Influencer> rowClick="show" bulkActionButtons={false} empty={<StatusTabEmpty tabs={INFLUENCER_TABS} messages="turma.influencers" />} sx={{ '& .RaDataTable-tableWrapper': { overflowX: 'auto', contain: 'inline-size' } }}>
          <DataTable.Col
            source="full_name"
            render={(r) => (
              <Box sx={{ minWidth: 160 }}>
                <Typography component="span" variant="body2" sx={{ display: 'block', fontWeight: 600 }}>
                  {r.full_name || '—'}
                </Typography>
                <Typography component="span" variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
                  {r.email}
                </Typography>
              </Box>
            )}
          />
          <DataTable.Col source="instagram" label="resources.influencers.fields.handles" disableSort render={handles} />
          <DataTable.Col source="audience_size" render={(r) => new Intl.NumberFormat(locale).format(r.audience_size)} />
          <DataTable.Col source="niche" />
          <DataTable.Col source="code" render={(r) => r.code ?? '—'} />
          <DataTable.Col source="commission_rate_bp" render={(r) => formatRateBp(r.commission_rate_bp, locale)} />
          <DataTable.Col source="status" render={(r) => <InfluencerStatusChip status={r.status} />} />
          <DataTable.Col source="created_at" render={(r) => new Date(r.created_at).toLocaleDateString(locale)} />
        </DataTable>
      )}
    </>
  );
};

export const InfluencerList = () => (
  <List<Influencer> filters={[<SearchInput key="q" source="q" alwaysOn />]} filterDefaultValues={{ status: 'pending' }} sort={{ field: 'created_at', order: 'DESC' }} exporter={false}>
    <InfluencerListBody />
  </List>
);
