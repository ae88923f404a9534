// "Ativar notificações no navegador" / "Desativar" on /notifications and /profile: this browser's web push, with its
// states (checking, unsupported, blocked with the way to allow it, on, off, working, failed).
import './i18n';
import './push-toggle.css';
import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../button';
import { AlertIcon, BellIcon, CheckIcon } from '../icons';
import { InlineError, InlineLoading } from '../resource-states';
import { isApiError } from '../../lib/api';
import { pushState, subscribePush, unsubscribePush, type PushState } from '../../lib/push';
import { notify } from '../../lib/toast';

type View = { status: 'checking' } | { status: 'working'; from: PushState } | { status: 'error'; message: string; from: PushState } | { status: PushState };

export function PushToggle({ className }: { className?: string }) {
  const { t } = useTranslation('push');
  const headingId = useId();
  const [view, setView] = useState<View>({ status: 'checking' });

  const check = useCallback(() => {
    setView({ status: 'checking' });
    pushState().then(
      (status) => setView({ status }),
      () => setView({ status: 'off' }),
    );
  }, []);

  useEffect(check, [check]);

  const change = async (to: 'on' | 'off') => {
    const from = view.status === 'on' ? 'on' : 'off';
    setView({ status: 'working', from });
    try {
      const status = to === 'on' ? await subscribePush() : await unsubscribePush();
      setView({ status });
      if (status === 'on') notify.success(t('enabled'));
      else if (to === 'off') notify.success(t('disabled'));
    } catch (error) {
      // A lost session goes to sign-in by itself; anything else stays here with a way to try again.
      if (isApiError(error) && error.isSessionExpired) return;
      setView({ status: 'error', message: isApiError(error) ? error.message : t('error'), from });
    }
  };

  return (
    <section className={['panel', 'push-toggle', className].filter(Boolean).join(' ')} aria-labelledby={headingId}>
      <header className="panel__head">
        <h2 id={headingId} className="panel__heading">
          {t('title')}
        </h2>
        <p className="muted">{t('lead')}</p>
      </header>

      {view.status === 'checking' && <InlineLoading label={t('checking')} />}

      {view.status === 'unsupported' && (
        <p className="form-notice" role="status">
          <AlertIcon size={18} />
          <span>{t('unsupported')}</span>
        </p>
      )}

      {view.status === 'denied' && (
        <div className="form-notice form-notice--column" role="status">
          <strong>{t('deniedTitle')}</strong>
          <span>{t('deniedHelp')}</span>
          <div>
            <Button variant="secondary" size="sm" onClick={check}>
              {t('recheck')}
            </Button>
          </div>
        </div>
      )}

      {view.status === 'error' && <InlineError message={view.message} retryLabel={t('retry')} onRetry={() => void change(view.from === 'on' ? 'off' : 'on')} />}

      {(view.status === 'on' || view.status === 'off' || view.status === 'working') && (
        <div className="form__actions form__actions--start">
          {view.status === 'on' ? (
            <>
              <p className="push-toggle__state" role="status">
                <CheckIcon size={18} />
                <span>{t('on')}</span>
              </p>
              <Button variant="secondary" onClick={() => void change('off')}>
                {t('disable')}
              </Button>
            </>
          ) : (
            <Button onClick={() => void change('on')} disabled={view.status === 'working'} aria-busy={view.status === 'working' || undefined}>
              <BellIcon size={18} />
              {view.status === 'working' ? t('working') : t('enable')}
            </Button>
          )}
        </div>
      )}
    </section>
  );
}
