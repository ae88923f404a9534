// The bell: the unread count (live through the notifications stream, else polled every 60 s and on focus) and, on
// click, a panel with the latest ones, "Marcar todas como lidas" and a link to /notifications. Disclosure pattern,
// closed by Esc, an outside click or navigating.
import './i18n';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { BellIcon } from '../../components/icons';
import { InlineError, InlineLoading } from '../../components/resource-states';
import { isApiError } from '../../lib/api';
import { emitAppEvent, useAppEvent } from '../../lib/app-events';
import { NOTIFICATION_STREAM_URL, notificationsApi, safeLink, UNREAD_REFRESH_MS, type AppNotification } from '../../lib/notifications-api';
import { useSession } from '../../lib/session';
import { relativeTime } from '../../lib/relative-time';

const LATEST = 5;

type Latest = { status: 'idle' | 'loading' | 'error' } | { status: 'ready'; items: AppNotification[] };

export default function NotificationBell() {
  const { t, i18n } = useTranslation('notifications');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { refresh: refreshSession } = useSession();
  const [unread, setUnread] = useState<number | null>(null);
  const [open, setOpen] = useState(false);
  const [latest, setLatest] = useState<Latest>({ status: 'idle' });
  const panelId = useId();
  const anchorRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const refreshCount = useCallback(() => {
    notificationsApi.unreadCount().then(
      (body) => setUnread(body.unread),
      (error: unknown) => {
        // The session ended elsewhere: let the session provider find out quietly (the bell then goes away).
        // Anything else keeps the last count.
        if (isApiError(error) && error.isSessionExpired) {
          setUnread(null);
          void refreshSession();
        }
      },
    );
  }, [refreshSession]);

  const loadLatest = useCallback(() => {
    setLatest((current) => (current.status === 'ready' ? current : { status: 'loading' }));
    notificationsApi.list(1, LATEST).then(
      (body) => {
        setLatest({ status: 'ready', items: body.items });
        setUnread(body.unread);
      },
      () => setLatest({ status: 'error' }),
    );
  }, []);

  useEffect(() => {
    refreshCount();
    // Live: the server pushes the count after every change (a payment confirmed, another tab reading). The browser
    // reconnects by itself; while the stream is not open, the count is polled instead.
    let source: EventSource | null = null;
    if (typeof EventSource !== 'undefined') {
      let previous: number | null = null;
      source = new EventSource(NOTIFICATION_STREAM_URL);
      source.addEventListener('unread', (event) => {
        const count = (JSON.parse((event as MessageEvent<string>).data) as { unread: number }).unread;
        setUnread(count);
        // Something new arrived: open lists (the panel, /notifications) refresh themselves.
        if (previous !== null && count > previous) emitAppEvent('notifications-changed');
        previous = count;
      });
    }
    const id = window.setInterval(() => {
      if (!source || source.readyState !== EventSource.OPEN) refreshCount();
    }, UNREAD_REFRESH_MS);
    const onFocus = () => {
      if (document.visibilityState === 'visible') refreshCount();
    };
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onFocus);
    return () => {
      source?.close();
      window.clearInterval(id);
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onFocus);
    };
  }, [refreshCount]);

  useAppEvent('notifications-changed', () => {
    refreshCount();
    if (open) loadLatest();
  });

  // Close on navigation.
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    loadLatest();
    const onPointerDown = (event: PointerEvent) => {
      if (!anchorRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, loadLatest]);

  const markAll = async () => {
    try {
      await notificationsApi.markAllRead();
      setUnread(0);
      setLatest((current) => (current.status === 'ready' ? { status: 'ready', items: current.items.map((n) => ({ ...n, read_at: n.read_at ?? new Date().toISOString() })) } : current));
      emitAppEvent('notifications-changed');
    } catch {
      // The count stays as it was; the user can try again.
    }
  };

  const openItem = (item: AppNotification) => {
    if (!item.read_at) {
      notificationsApi.markRead(item.id).then(() => emitAppEvent('notifications-changed'), () => undefined);
      setUnread((n) => (n ? n - 1 : n));
    }
    setOpen(false);
    const link = safeLink(item.link);
    if (link) void navigate(link);
  };

  const count = unread ?? 0;
  const label = count > 0 ? t('bell.labelUnread', { count }) : t('bell.label');
  const now = Date.now();

  return (
    <div className="menu-anchor bell" ref={anchorRef}>
      <button
        ref={buttonRef}
        type="button"
        className="icon-btn bell__button"
        aria-label={label}
        title={label}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((v) => !v)}
      >
        <BellIcon size={20} />
        {count > 0 && (
          <span className="bell__badge" aria-hidden="true">
            {count > 99 ? '99+' : count}
          </span>
        )}
      </button>
      {open && (
        <div id={panelId} className="bell__panel" role="region" aria-label={t('bell.panel')}>
          <div className="bell__head">
            <p className="bell__title">{t('bell.panel')}</p>
            {count > 0 && (
              <button type="button" className="link-btn" onClick={() => void markAll()}>
                {t('markAll')}
              </button>
            )}
          </div>
          {latest.status === 'loading' && <InlineLoading label={t('loading')} />}
          {latest.status === 'error' && <InlineError message={t('bell.error')} retryLabel={t('retry')} onRetry={loadLatest} />}
          {latest.status === 'ready' && latest.items.length === 0 && <p className="bell__state">{t('empty')}</p>}
          {latest.status === 'ready' && latest.items.length > 0 && (
            <ul className="bell__list" role="list">
              {latest.items.map((item) => (
                <li key={item.id}>
                  <button type="button" className={`bell__item${item.read_at ? '' : ' bell__item--unread'}`} onClick={() => openItem(item)}>
                    {!item.read_at && <span className="unread-dot" aria-hidden="true" />}
                    <span className="bell__item-text">
                      <span className="bell__item-title">
                        {!item.read_at && <span className="sr-only">{t('unreadPrefix')} </span>}
                        {item.title}
                      </span>
                      <span className="bell__item-body">{item.body}</span>
                      <time className="bell__item-time" dateTime={item.created_at}>
                        {relativeTime(item.created_at, i18n.language, now)}
                      </time>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <Link to="/notifications" className="bell__all" onClick={() => setOpen(false)}>
            {t('bell.all')}
          </Link>
        </div>
      )}
    </div>
  );
}
