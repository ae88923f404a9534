// An empty status tab (professionals, influencers): says what the tab lacks and offers the other tabs; only when a
// search or filter besides the tab is set does it offer to clear them (react-admin's own message counts the tab as one).
import { Box, Button, Stack, Typography } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';

export const StatusTabEmpty = ({ tabs, messages, defaultTab = 'pending' }: { tabs: readonly string[]; messages: string; defaultTab?: string }) => {
  const translate = useTranslate();
  const { filterValues, setFilters, displayedFilters } = useListContext();
  const current = typeof filterValues.status === 'string' ? filterValues.status : defaultTab;
  const narrowed = Object.entries(filterValues).some(([key, value]) => key !== 'status' && value !== undefined && value !== null && value !== '');
  return (
    <Box sx={{ p: { xs: 2, sm: 4 }, textAlign: 'center' }} role="status" data-testid="status-tab-empty">
      <Typography sx={{ fontWeight: 600, mb: 1 }}>{translate(narrowed ? `${messages}.empty_filtered` : `${messages}.empty.${current}`)}</Typography>
      {narrowed ? (
        <Button variant="outlined" onClick={() => setFilters({ status: current }, displayedFilters)}>
          {translate('ra.navigation.clear_filters')}
        </Button>
      ) : (
        <>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
            {translate(`${messages}.empty_other_tabs`)}
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, justifyContent: 'center' }}>
            {tabs
              .filter((tab) => tab !== current)
              .map((tab) => (
                <Button key={tab} variant="outlined" size="small" onClick={() => setFilters({ ...filterValues, status: tab }, displayedFilters)}>
                  {translate(`${messages}.tabs.${tab}`)}
                </Button>
              ))}
          </Stack>
        </>
      )}
    </Box>
  );
};
