// The user screen's "Mensagens": the person's WhatsApp and push messages, newest first, with their delivery status.
import { Alert, CircularProgress, Stack, Typography } from '@mui/material';
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
      ) : (
        <>
          <MiniTable
            head={[m('columns.channel'), m('columns.template'), m('columns.status'), m('columns.time')]}
            empty={m('empty')}
            rows={state.page.items.map((msg) => [
              translate(m(`channel.${msg.channel}`)),
              templateName(msg.template),
              <span title={msg.error ?? undefined}>{translate(m(`status.${msg.status}`))}</span>,
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
