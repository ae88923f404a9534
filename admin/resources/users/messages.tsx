// The user screen's "Mensagens": the person's WhatsApp and push messages, newest first, with their delivery status.
import { Alert, Box, CircularProgress, Divider, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useEffect, useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { SectionCard } from '../../components/facts';
import { adminApi, call, type ApiAnswer } from '../../lib/api';
import { MiniTable } from './Show';

type Page = ApiAnswer<'/api/admin/users/{id}/messages', 'get'>;
type State = { status: 'loading' } | { status: 'error' } | { status: 'ready'; page: Page };

const PER_PAGE = 50;
const m = (key: string) => `turma.messages.${key}`;

export const UserMessages = ({ userId }: { userId: string }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  // On a phone the four columns would hide the status behind a sideways scroll: one block per message instead.
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    call(adminApi.GET('/api/admin/users/{id}/messages', { params: { path: { id: userId }, query: { page: 1, per_page: PER_PAGE } } }))
      .then((page) => live && setState({ status: 'ready', page }))
      .catch(() => live && setState({ status: 'error' }));
    return () => {
      live = false;
    };
  }, [userId]);
  // A template or kind without a label reads as words, never as the raw name.
  const templateName = (t: string) => translate(m(`template.${t}`), { _: t.replace(/_/g, ' ') });
  const when = (iso: string) => new Date(iso).toLocaleString(locale, { dateStyle: 'short', timeStyle: 'short' });
  return (
    <SectionCard title={m('section')}>
      {state.status === 'loading' ? (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }} role="status">
          <CircularProgress size={18} />
          <Typography variant="body2">{translate(m('loading'))}</Typography>
        </Stack>
      ) : state.status === 'error' ? (
        <Alert severity="error">{translate(m('error'))}</Alert>
      ) : phone ? (
        <PhoneList page={state.page} templateName={templateName} when={when} />
      ) : (
        <>
          <MiniTable
            head={[m('columns.channel'), m('columns.template'), m('columns.status'), m('columns.time')]}
            empty={m('empty')}
            rows={state.page.items.map((msg) => [
              translate(m(`channel.${msg.channel}`)),
              templateName(msg.template),
              // Why a message failed is read here, not in a tooltip a phone cannot open.
              <Box sx={{ whiteSpace: 'normal', minWidth: 120, maxWidth: 320 }}>
                {translate(m(`status.${msg.status}`))}
                {msg.error ? (
                  <Typography variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
                    {msg.error}
                  </Typography>
                ) : null}
              </Box>,
              when(msg.created_at),
            ])}
          />
          {state.page.total > state.page.items.length ? (
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
              {translate(m('more'), { shown: state.page.items.length, total: state.page.total })}
            </Typography>
          ) : null}
        </>
      )}
    </SectionCard>
  );
};

/** The same messages as stacked blocks: what it was, by which channel and when, then its status and any failure. */
function PhoneList({ page, templateName, when }: { page: Page; templateName: (t: string) => string; when: (iso: string) => string }) {
  const translate = useTranslate();
  if (!page.items.length) return <Typography variant="body2" sx={{ color: 'text.secondary' }}>{translate(m('empty'))}</Typography>;
  return (
    <Stack component="ul" divider={<Divider component="li" aria-hidden />} spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={translate(m('section'))}>
      {page.items.map((msg) => (
        <Box component="li" key={msg.id}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {templateName(msg.template)}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {translate(m(`channel.${msg.channel}`))} · {when(msg.created_at)}
          </Typography>
          <Typography variant="body2">{translate(m(`status.${msg.status}`))}</Typography>
          {msg.error ? (
            <Typography variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
              {msg.error}
            </Typography>
          ) : null}
        </Box>
      ))}
      {page.total > page.items.length ? (
        <Typography component="li" variant="body2" sx={{ color: 'text.secondary' }}>
          {translate(m('more'), { shown: page.items.length, total: page.total })}
        </Typography>
      ) : null}
    </Stack>
  );
}
