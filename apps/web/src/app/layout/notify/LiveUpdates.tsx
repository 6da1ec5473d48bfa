import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvent } from '@/shared/live.ts';
import { loadSession, savedUser } from '../../session.ts';

/** The notification lists' query key (shared/notifications-api.ts): every list and count on screen. */
const NOTIFICATIONS_KEY = ['notifications'] as const;

/**
 * What the header does with live updates (loaded with the bell, after the shell): a notification
 * refreshes the bell, the work-order count and the notification page at once instead of at their next
 * poll; a change of the user's permissions reloads the session, so the menu shows what they may open.
 */
export function LiveUpdates() {
  const client = useQueryClient();
  useLiveEvent('notification', () => void client.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }));
  useLiveEvent('permissions', () => {
    const user = savedUser();
    if (user) void loadSession(user).catch(() => undefined);
  });
  return null;
}
