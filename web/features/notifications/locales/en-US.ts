import type { NotificationsMessages } from './pt-BR';

const notifications: NotificationsMessages = {
  loading: 'Loading...',
  retry: 'Try again',
  empty: 'No notifications here',
  markAll: 'Mark all as read',
  unreadPrefix: 'Unread:',
  bell: {
    label: 'Notifications',
    labelUnread_one: 'Notifications: {{count}} unread',
    labelUnread_other: 'Notifications: {{count}} unread',
    panel: 'Notifications',
    error: 'Could not load.',
    all: 'See all notifications',
  },
  page: {
    docTitle: 'Notifications',
    title: 'Notifications',
    lead: 'News about your groups and payments.',
    unread_one: 'You have {{count}} unread notification.',
    unread_other: 'You have {{count}} unread notifications.',
    error: 'Could not load the notifications',
    emptyBody: 'When something happens in your groups — someone joins, the group completes, a payment is confirmed — you will hear about it here.',
    open: 'Open',
    markRead: 'Mark as read',
    markReadLabel: 'Mark as read: {{title}}',
    markError: 'Could not mark as read',
    allRead: 'All read!',
    more: 'Load more',
  },
};

export default notifications;
