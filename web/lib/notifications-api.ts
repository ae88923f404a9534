// In-app notifications (docs/api.md): list (unread first), the cheap unread count the bell polls,
// mark one / all as read.
import { apiClient, call } from './api';
import type { ApiAnswer } from './api-client';

export type NotificationList = ApiAnswer<'/api/notifications', 'get'>;
export type AppNotification = NotificationList['items'][number];

/** Server-sent events: `unread` with `{unread}` at once and after every change (docs/product/screens.md). */
export const NOTIFICATION_STREAM_URL = '/api/notifications/stream';

/** Without the stream, the bell refreshes its count this often (and whenever the tab regains focus). */
export const UNREAD_REFRESH_MS = 60_000;

export const notificationsApi = {
  list: (page: number, perPage: number, signal?: AbortSignal) =>
    call(apiClient.GET('/api/notifications', { params: { query: { page, per_page: perPage } }, signal })),
  /** A background poll: a lost session is not a reason to yank the user to /auth (the bell asks the session instead). */
  unreadCount: (signal?: AbortSignal) => call(apiClient.GET('/api/notifications/unread-count', { signal }), { redirectOnUnauthorized: false }),
  markRead: (id: string) => call(apiClient.POST('/api/notifications/{id}/read', { params: { path: { id } } })),
  markAllRead: () => call(apiClient.POST('/api/notifications/read-all')),
};

/** Internal links only (the server writes paths like /my-groups?grupo=…); anything else is dropped. */
export function safeLink(link: string | null): string | null {
  if (!link || !link.startsWith('/') || link.startsWith('//')) return null;
  return link;
}

/** TanStack Query keys of the notification lists. */
export const notificationKeys = {
  list: (page: number, perPage: number) => ['notifications', 'list', page, perPage] as const,
};
