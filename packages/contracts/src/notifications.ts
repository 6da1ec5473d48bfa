import { z } from 'zod';
import { idField, queryInt } from './fields.ts';

export const NOTIFICATION_KINDS = ['work_order', 'approval', 'system'] as const;

export const notificationItem = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  link: z.string(),
  read: z.boolean(),
  created_at: z.string(),
});
export type NotificationItem = z.infer<typeof notificationItem>;

export const notificationListQuery = z.object({
  page: queryInt(1, 1_000_000).default(1),
  page_size: queryInt(1, 100).default(10),
  unread: z.enum(['0', '1']).optional(),
  kind: z.enum(NOTIFICATION_KINDS).optional(),
});

export const notificationListAnswer = z.object({
  list: z.array(notificationItem),
  total: z.number().int(),
  unread: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListAnswer>;

/** Marks the listed notifications read, or all of the caller's with `all`. */
export const notificationReadBody = z
  .object({ ids: z.array(idField).max(500).optional(), all: z.boolean().optional() })
  .refine((b) => b.all === true || (b.ids?.length ?? 0) > 0, { path: ['ids'] });
