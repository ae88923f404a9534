// Painel: a welcome and an honest list of what the back office will hold (no figures until real ones).
import { Box, Button, Card, CardContent, Chip, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { Title, useGetIdentity, useTranslate } from 'react-admin';

/** Sections of PRODUCT.md §7, in menu order; `to` only once the screen exists. */
const SECTIONS: { key: string; to?: string }[] = [
  { key: 'analytics' },
  { key: 'marketplace' },
  { key: 'plans', to: '/plans' },
  { key: 'groups' },
  { key: 'professionals', to: '/professionals' },
  { key: 'influencers' },
  { key: 'campaigns' },
  { key: 'fiscal' },
  { key: 'financial_reports' },
  { key: 'users' },
  { key: 'triggers' },
  { key: 'audit_logs', to: '/audit-logs' },
];

export const Dashboard = () => {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const name = identity?.fullName ?? '';

  return (
    <Box sx={{ py: { xs: 1, sm: 2 }, maxWidth: 960 }}>
      <Title title="ra.page.dashboard" />
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 1 }}>
            {translate('turma.dashboard.welcome', { name })}
          </Typography>
          <Typography sx={{ color: 'text.secondary' }}>{translate('turma.dashboard.intro')}</Typography>
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Typography component="h2" variant="h6" sx={{ mb: 2 }}>
            {translate('turma.dashboard.sections_title')}
          </Typography>
          <Box
            component="ul"
            aria-label={translate('turma.dashboard.sections_title')}
            sx={{
              listStyle: 'none',
              m: 0,
              p: 0,
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
            }}
          >
            {SECTIONS.map(({ key, to }) => (
              <Box
                component="li"
                key={key}
                sx={{
                  display: 'flex',
                  alignItems: 'flex-start',
                  justifyContent: 'space-between',
                  gap: 2,
                  p: 1.5,
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 2,
                }}
              >
                <Box sx={{ minWidth: 0 }}>
                  <Typography component="h3" variant="subtitle2" sx={{ fontWeight: 600 }}>
                    {translate(`turma.dashboard.sections.${key}.title`)}
                  </Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {translate(`turma.dashboard.sections.${key}.description`)}
                  </Typography>
                </Box>
                {to ? (
                  <Button component={Link} to={to} size="small" variant="contained" sx={{ flexShrink: 0 }}>
                    {translate('turma.dashboard.open')}
                  </Button>
                ) : (
                  <Chip
                    size="small"
                    variant="outlined"
                    label={translate('turma.dashboard.soon')}
                    sx={{ flexShrink: 0 }}
                  />
                )}
              </Box>
            ))}
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
};
