import { notifications } from '../../db/schema.ts';
import type { Db } from '../../db/index.ts';
import type { EventBus } from '../../lib/events.ts';

export interface NewNotification {
  cpId: number;
  userId: number;
  kind: 'work_order' | 'approval' | 'system';
  /** In the recipient's language: a notification is data, written once for one person. */
  title: string;
  body?: string;
  /** A console path to open (the bell links to it). */
  link?: string;
}

/**
 * Addresses notifications to staff members: inserts them (inside the caller's transaction when
 * given one) and returns a function that announces them on the event bus (`{topic:'notification'}`),
 * to call once the transaction has committed so no listener reads a row that is not there yet.
 */
export async function notify(db: Db, events: EventBus, list: NewNotification[]): Promise<() => void> {
  if (list.length === 0) return () => {};
  const rows = await db
    .insert(notifications)
    .values(
      list.map((n) => ({
        cpId: n.cpId,
        userId: n.userId,
        kind: n.kind,
        title: n.title,
        body: n.body ?? '',
        link: n.link ?? '',
      })),
    )
    .returning();
  return () => {
    for (const row of rows) {
      events.publish({
        topic: 'notification',
        cpId: row.cpId,
        userId: row.userId,
        data: { id: row.id, kind: row.kind, title: row.title },
      });
    }
  };
}
