// A signed-in person whose accepted terms or privacy policy is older than the version in force is asked again: a
// notice above the page (not a wall) with links to both documents and one "Li e aceito" (POST /api/me/legal/accept).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { registerTranslations } from '../../i18n';
import { Button } from '../../components/button';
import { apiClient, call } from '../../lib/api';
import type { ApiAnswer } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { notify } from '../../lib/toast';
import ptBR from './locales/messages.pt-BR';
import enUS from './locales/messages.en-US';

import './messages.css';

registerTranslations('messages', { 'pt-BR': ptBR, 'en-US': enUS });

type Pending = ApiAnswer<'/api/me/legal', 'get'>['pending'];

export function LegalConsentBanner() {
  const { t } = useTranslation('messages');
  const session = useSession();
  const userId = session.status === 'signedIn' ? session.user.id : null;
  const [pending, setPending] = useState<Pending>([]);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    setPending([]);
    if (!userId) return;
    const controller = new AbortController();
    call(apiClient.GET('/api/me/legal', { signal: controller.signal })).then(
      (status) => setPending(status.pending),
      () => {},
    );
    return () => controller.abort();
  }, [userId]);

  if (!userId || pending.length === 0) return null;

  const accept = async () => {
    setSending(true);
    try {
      const status = await call(apiClient.POST('/api/me/legal/accept', { body: { document_ids: pending.map((d) => d.id) } }));
      setPending(status.pending);
      notify.success(t('legal.accepted'));
    } catch {
      notify.error(t('legal.error'));
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="legal-consent container" role="region" aria-labelledby="legal-consent-title">
      <h2 id="legal-consent-title" className="legal-consent__title">
        {t('legal.title')}
      </h2>
      <p>{t('legal.lead')}</p>
      <ul className="legal-consent__list">
        {pending.map((d) => (
          <li key={d.id}>
            <Link to={d.kind === 'terms' ? '/terms' : '/privacy'} target="_blank" rel="noopener">
              {t(`legal.${d.kind}`)}
            </Link>{' '}
            <span className="muted">({t('legal.version', { version: d.version })})</span>
            <p className="muted">{d.summary}</p>
          </li>
        ))}
      </ul>
      <Button onClick={() => void accept()} disabled={sending}>
        {t('legal.accept')}
      </Button>
    </section>
  );
}
