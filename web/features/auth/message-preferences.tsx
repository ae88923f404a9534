// /profile's "Mensagens" card: per kind of message × channel toggles (GET/PUT /api/me/message-preferences) and the
// WhatsApp double opt-in (a number typed, a 6-digit code received on WhatsApp, typed back). Push is chosen here once
// this browser is subscribed (the push card subscribes it).
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { registerTranslations } from '../../i18n';
import { Button } from '../../components/button';
import { TextField } from '../../components/form-field';
import { Spinner } from '../../components/spinner';
import { apiClient, call, isApiError } from '../../lib/api';
import type { ApiAnswer } from '../../lib/api-client';
import { notify } from '../../lib/toast';
import { errorMessage } from './errors';
import { ProfileCard } from './profile-forms';
import ptBR from './locales/messages.pt-BR';
import enUS from './locales/messages.en-US';

import './messages.css';

registerTranslations('messages', { 'pt-BR': ptBR, 'en-US': enUS });

type View = ApiAnswer<'/api/me/message-preferences', 'get'>;
type Category = View['preferences'][number]['category'];
type Channel = View['preferences'][number]['channel'];
const CATEGORIES: Category[] = ['transactional', 'vouchers', 'marketing'];
const CHANNELS: Channel[] = ['email', 'whatsapp', 'push', 'in_app'];

const formatPhone = (e164: string) => {
  const m = /^\+55(\d{2})(\d{5})(\d{4})$/.exec(e164);
  return m ? `(${m[1]}) ${m[2]}-${m[3]}` : e164;
};

export function MessagePreferencesCard() {
  const { t } = useTranslation('messages');
  const [state, setState] = useState<{ status: 'loading' } | { status: 'error' } | { status: 'ready'; view: View }>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    call(apiClient.GET('/api/me/message-preferences', { signal: controller.signal })).then(
      (view) => setState({ status: 'ready', view }),
      () => !controller.signal.aborted && setState({ status: 'error' }),
    );
    return () => controller.abort();
  }, [attempt]);

  const toggle = useCallback(
    async (category: Category, channel: Channel, enabled: boolean) => {
      setBusy(`${category}:${channel}`);
      try {
        const view = await call(apiClient.PUT('/api/me/message-preferences', { body: { preferences: [{ category, channel, enabled }] } }));
        setState({ status: 'ready', view });
        notify.success(t('saved'));
      } catch (error) {
        notify.error(t('saveError'), errorMessage(error));
      } finally {
        setBusy(null);
      }
    },
    [t],
  );

  return (
    <ProfileCard id="profile-messages" title={t('title')} lead={t('lead')}>
      {state.status === 'loading' && (
        <p role="status" className="muted">
          <Spinner size={18} /> {t('loading')}
        </p>
      )}
      {state.status === 'error' && (
        <div className="state-box state-box--error" role="alert">
          <p className="state-box__title">{t('loadError')}</p>
          <Button variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
            {t('retry')}
          </Button>
        </div>
      )}
      {state.status === 'ready' && (
        <>
          <div className="message-prefs">
            {CATEGORIES.map((category) => (
              <fieldset key={category} className="message-prefs__group">
                <legend className="message-prefs__legend">{t(`categories.${category}`)}</legend>
                {CHANNELS.map((channel) => {
                  const choice = state.view.preferences.find((p) => p.category === category && p.channel === channel);
                  const enabled = choice?.enabled ?? false;
                  // A channel that cannot be turned on yet stays off, with the reason next to it.
                  const blocked = !enabled && ((channel === 'whatsapp' && state.view.whatsapp.status !== 'confirmed') || (channel === 'push' && !state.view.push.subscribed));
                  return (
                    <label key={channel} className="message-prefs__toggle">
                      <input
                        type="checkbox"
                        role="switch"
                        checked={enabled}
                        disabled={blocked || busy !== null}
                        onChange={(e) => void toggle(category, channel, e.target.checked)}
                      />
                      <span>{t(`channels.${channel}`)}</span>
                      {blocked && <small className="muted">{channel === 'whatsapp' ? t('whatsappNeedsNumber') : t('pushNeedsSubscription')}</small>}
                    </label>
                  );
                })}
              </fieldset>
            ))}
          </div>
          <WhatsappOptin view={state.view} onChange={(view) => setState({ status: 'ready', view })} />
        </>
      )}
    </ProfileCard>
  );
}

function WhatsappOptin({ view, onChange }: { view: View; onChange: (view: View) => void }) {
  const { t } = useTranslation('messages');
  const headingId = useId();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const [changing, setChanging] = useState(false);
  const w = view.whatsapp;

  const run = async (work: () => Promise<View>, after?: () => void) => {
    setSending(true);
    setError(undefined);
    try {
      onChange(await work());
      after?.();
    } catch (err) {
      setError(isApiError(err) ? (Object.values(err.fields ?? {})[0] ?? err.message) : errorMessage(err));
    } finally {
      setSending(false);
    }
  };
  const start = (e: FormEvent) => {
    e.preventDefault();
    void run(() => call(apiClient.POST('/api/me/whatsapp', { body: { phone } })), () => setChanging(false));
  };
  const confirm = (e: FormEvent) => {
    e.preventDefault();
    void run(() => call(apiClient.POST('/api/me/whatsapp/confirm', { body: { code } })), () => setCode(''));
  };
  const remove = () => void run(() => call(apiClient.DELETE('/api/me/whatsapp')), () => notify.success(t('whatsapp.removed')));

  return (
    <section className="message-prefs__whatsapp" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('whatsapp.title')}</h3>
      {w.status === 'confirmed' && w.phone && !changing ? (
        <div className="form__actions form__actions--start">
          <p role="status">{t('whatsapp.confirmed', { phone: formatPhone(w.phone) })}</p>
          <Button variant="secondary" onClick={remove} disabled={sending}>
            {t('whatsapp.remove')}
          </Button>
        </div>
      ) : w.status === 'pending' && w.phone && !changing ? (
        <form onSubmit={confirm} className="form" noValidate>
          <p role="status">{t('whatsapp.pending', { phone: formatPhone(w.phone) })}</p>
          <TextField label={t('whatsapp.code')} name="whatsapp_code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(e) => setCode(e.target.value)} error={error} />
          <div className="form__actions form__actions--start">
            <Button type="submit" disabled={sending || code.length !== 6}>
              {t('whatsapp.confirm')}
            </Button>
            <Button variant="secondary" type="button" onClick={() => setChanging(true)}>
              {t('whatsapp.resend')}
            </Button>
          </div>
        </form>
      ) : (
        <form onSubmit={start} className="form" noValidate>
          <p className="muted">{t('whatsapp.none')}</p>
          <TextField label={t('whatsapp.phone')} name="whatsapp_phone" type="tel" inputMode="tel" autoComplete="tel" value={phone} onChange={(e) => setPhone(e.target.value)} error={error} />
          <div className="form__actions form__actions--start">
            <Button type="submit" disabled={sending || !phone.trim()}>
              {t('whatsapp.send')}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
