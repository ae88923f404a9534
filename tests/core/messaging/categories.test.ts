// Every notification kind has a kind of message (category), and the defaults keep WhatsApp, push and marketing off.
import { describe, expect, it } from 'vitest';
import type { NotificationKind } from '../../../core/notifications/notification-texts';
import { KINDS } from './kinds';
import { MESSAGE_CATEGORIES, MESSAGE_CHANNELS, categoryOf, categoryOfType, defaultAllows } from '../../../core/messaging/categories';

describe('categoryOf', () => {
  it.each(Object.entries(KINDS))('%s is %s', (kind, category) => {
    expect(categoryOf(kind as NotificationKind)).toBe(category);
    expect(categoryOfType(kind)).toBe(category);
  });

  it('knows no category for a type this version does not know', () => {
    expect(categoryOfType('newsletter_of_2030')).toBeNull();
  });
});

describe('defaultAllows', () => {
  it('sends e-mail and the bell for groups, payments and vouchers; nothing else until the person chooses', () => {
    const on = MESSAGE_CATEGORIES.flatMap((category) => MESSAGE_CHANNELS.filter((channel) => defaultAllows(channel, category)).map((channel) => `${category}:${channel}`));
    expect(on).toEqual(['transactional:email', 'transactional:in_app', 'vouchers:email', 'vouchers:in_app']);
  });
});
