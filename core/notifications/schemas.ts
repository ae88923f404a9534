// The public answers of in-app notifications, as zod schemas (the owner's id is not repeated in each item).
import { z } from 'zod';
import { dateTimeAnswer } from '../shared/answer-schemas';


export const notificationSchema = z
  .object({
    id: z.string(),
    type: z.string(),
    title: z.string(),
    body: z.string(),
    link: z.string().nullable(),
    data: z.record(z.string(), z.unknown()),
    read_at: dateTimeAnswer.nullable(),
    created_at: dateTimeAnswer,
  })
  .meta({ id: 'Notification' });

export const notificationListAnswerSchema = z
  .object({ items: z.array(notificationSchema), total: z.number().int(), unread: z.number().int() })
  .meta({ id: 'NotificationList' });

export const unreadCountSchema = z.object({ unread: z.number().int() });
