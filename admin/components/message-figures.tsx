// The dashboard's deliveries per channel over the last 30 days (GET /api/admin/reports/messages).
import { Alert, Box, Card, CardContent, CircularProgress, Table, TableBody, TableCell, TableHead, TableRow, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useEffect, useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { adminApi, call, type ApiAnswer } from '../lib/api';

type Figures = ApiAnswer<'/api/admin/reports/messages', 'get'>;
type State = { status: 'loading' } | { status: 'error' } | { status: 'ready'; figures: Figures };
const COLUMNS = ['sent', 'delivered', 'read', 'failed', 'queued'] as const;

export const MessageFiguresCard = () => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  // On a phone five columns would push "Falharam" out of sight: each channel gets its own block of figures.
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    call(adminApi.GET('/api/admin/reports/messages'))
      .then((figures) => live && setState({ status: 'ready', figures }))
      .catch(() => live && setState({ status: 'error' }));
    return () => {
      live = false;
    };
  }, []);
  const int = new Intl.NumberFormat(locale);
  const quiet = state.status === 'ready' && state.figures.channels.every((c) => COLUMNS.every((k) => c[k] === 0));
  return (
    <Card sx={{ mb: 2 }} data-testid="dashboard-message-figures">
      <CardContent>
        <Typography component="h2" variant="h6" sx={{ mb: 1.5 }}>
          {translate('turma.messages.figures.title')}
        </Typography>
        {state.status === 'loading' ? (
          <CircularProgress size={20} aria-label={translate('turma.messages.loading')} />
        ) : state.status === 'error' ? (
          <Alert severity="error">{translate('turma.messages.figures.error')}</Alert>
        ) : quiet ? (
          <Typography sx={{ color: 'text.secondary' }}>{translate('turma.messages.figures.empty')}</Typography>
        ) : phone ? (
          state.figures.channels.map((c) => (
            <Box key={c.channel} component="section" aria-label={translate(`turma.messages.channel.${c.channel}`)} sx={{ mb: 1.5 }}>
              <Typography component="h3" variant="subtitle2" sx={{ fontWeight: 600, mb: 0.5 }}>
                {translate(`turma.messages.channel.${c.channel}`)}
              </Typography>
              <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 1, m: 0 }}>
                {COLUMNS.map((k) => (
                  <Box key={k}>
                    <Typography component="dt" variant="caption" sx={{ color: 'text.secondary' }}>
                      {translate(`turma.messages.figures.${k}`)}
                    </Typography>
                    <Typography component="dd" variant="body2" sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }}>
                      {int.format(c[k])}
                    </Typography>
                  </Box>
                ))}
              </Box>
            </Box>
          ))
        ) : (
          <Box sx={{ overflowX: 'auto', contain: 'inline-size' }}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell sx={{ fontWeight: 600 }}>{translate('turma.messages.columns.channel')}</TableCell>
                  {COLUMNS.map((k) => (
                    <TableCell key={k} align="right" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                      {translate(`turma.messages.figures.${k}`)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {state.figures.channels.map((c) => (
                  <TableRow key={c.channel}>
                    <TableCell>{translate(`turma.messages.channel.${c.channel}`)}</TableCell>
                    {COLUMNS.map((k) => (
                      <TableCell key={k} align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                        {int.format(c[k])}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </CardContent>
    </Card>
  );
};
