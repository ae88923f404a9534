// /notifications: every in-app notification, unread first (the server's order), each with its
// link, "marcar como lida", and "marcar todas como lidas"; more pages load on demand.
import './i18n';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '../../components/button';
import { BellIcon, CheckIcon } from '../../components/icons';
import { isApiError } from '../../lib/api';
import { emitAppEvent, useAppEvent } from '../../lib/app-events';
import { notify } from '../../lib/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { notificationsApi, safeLink, type AppNotification } from '../../lib/notifications-api';
import { relativeTime } from '../../lib/relative-time';
import { LoadingState, ErrorState } from '../../components/resource-states';
import { PushToggle } from '../../components/push/push-toggle';

const PER_PAGE = 20;

type State =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; items: AppNotification[]; total: number; unread: number; page: number };

export default function NotificationsPage() {
  const { t, i18n } = useTranslation('notifications');
  useDocumentTitle(t('page.docTitle'));
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [more, setMore] = useState(false);
  const [marking, setMarking] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    notificationsApi.list(1, PER_PAGE, controller.signal).then(
      (body) => setState({ status: 'ready', items: body.items, total: body.total, unread: body.unread, page: 1 }),
      (error: unknown) => {
        if (controller.signal.aborted || (isApiError(error) && error.isSessionExpired)) return;
        setState({ status: 'error', message: isApiError(error) ? error.message : t('page.error') });
      },
    );
    return () => controller.abort();
  }, [attempt, t]);

  // Something new arrived (a payment confirmed elsewhere on the page): refresh quietly.
  useAppEvent('notifications-changed', () => {
    if (state.status === 'ready' && state.page === 1) setAttempt((n) => n + 1);
  });

  const loadMore = async () => {
    if (state.status !== 'ready' || more) return;
    setMore(true);
    try {
      const body = await notificationsApi.list(state.page + 1, PER_PAGE);
      setState((current) =>
        current.status === 'ready'
          ? { ...current, items: [...current.items, ...body.items.filter((n) => !current.items.some((c) => c.id === n.id))], total: body.total, unread: body.unread, page: current.page + 1 }
          : current,
      );
    } catch (error) {
      if (!(isApiError(error) && error.isSessionExpired)) notify.error(t('page.error'));
    } finally {
      setMore(false);
    }
  };

  const markRead = async (item: AppNotification) => {
    try {
      await notificationsApi.markRead(item.id);
      setState((current) =>
        current.status === 'ready'
          ? { ...current, unread: Math.max(0, current.unread - 1), items: current.items.map((n) => (n.id === item.id ? { ...n, read_at: new Date().toISOString() } : n)) }
          : current,
      );
      emitAppEvent('notifications-changed');
    } catch (error) {
      if (!(isApiError(error) && error.isSessionExpired)) notify.error(t('page.markError'));
    }
  };

  const markAll = async () => {
    setMarking(true);
    try {
      await notificationsApi.markAllRead();
      const at = new Date().toISOString();
      setState((current) => (current.status === 'ready' ? { ...current, unread: 0, items: current.items.map((n) => ({ ...n, read_at: n.read_at ?? at })) } : current));
      emitAppEvent('notifications-changed');
      notify.success(t('page.allRead'));
    } catch (error) {
      if (!(isApiError(error) && error.isSessionExpired)) notify.error(t('page.markError'));
    } finally {
      setMarking(false);
    }
  };

  const now = Date.now();
  return (
    <div className="container page page--narrow">
      <header className="page__head">
        <div>
          <h1>{t('page.title')}</h1>
          <p className="muted">{state.status === 'ready' && state.unread > 0 ? t('page.unread', { count: state.unread }) : t('page.lead')}</p>
        </div>
        {state.status === 'ready' && state.unread > 0 && (
          <div className="page__head-actions">
            <Button variant="secondary" size="sm" onClick={() => void markAll()} disabled={marking}>
              <CheckIcon size={16} />
              {t('markAll')}
            </Button>
          </div>
        )}
      </header>

      <PushToggle className="push-toggle--page" />

      {state.status === 'loading' && (
        <LoadingState label={t('loading')} />
      )}

      {state.status === 'error' && (
        <ErrorState title={t('page.error')} message={state.message} retryLabel={t('retry')} onRetry={() => setAttempt((n) => n + 1)} />
      )}

      {state.status === 'ready' && state.items.length === 0 && (
        <div className="state-box">
          <BellIcon size={28} />
          <p className="state-box__title">{t('empty')}</p>
          <p>{t('page.emptyBody')}</p>
        </div>
      )}

      {state.status === 'ready' && state.items.length > 0 && (
        <>
          <ul className="notice-list" role="list">
            {state.items.map((item) => {
              const link = safeLink(item.link);
              const titleId = `notice-${item.id}`;
              return (
                <li key={item.id}>
                  <article className={`notice${item.read_at ? '' : ' notice--unread'}`} aria-labelledby={titleId}>
                    {!item.read_at && <span className="unread-dot" aria-hidden="true" />}
                    <div className="notice__body">
                      <h2 id={titleId} className="notice__title">
                        {!item.read_at && <span className="sr-only">{t('unreadPrefix')} </span>}
                        {item.title}
                      </h2>
                      <p>{item.body}</p>
                      <div className="notice__meta">
                        <time dateTime={item.created_at} title={new Date(item.created_at).toLocaleString(i18n.language)}>
                          {relativeTime(item.created_at, i18n.language, now)}
                        </time>
                        {link && (
                          <Link to={link} onClick={() => (item.read_at ? undefined : void markRead(item))}>
                            {t('page.open')}
                          </Link>
                        )}
                        {!item.read_at && (
                          <button type="button" className="link-btn" onClick={() => void markRead(item)} aria-label={t('page.markReadLabel', { title: item.title })}>
                            {t('page.markRead')}
                          </button>
                        )}
                      </div>
                    </div>
                  </article>
                </li>
              );
            })}
          </ul>
          {state.items.length < state.total && (
            <div className="page__more">
              <Button variant="secondary" onClick={() => void loadMore()} disabled={more}>
                {more ? t('loading') : t('page.more')}
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
