/**
 * The signed-in user's notifications: the header's bell and work-order count (the shell) and the
 * work-order page both read them, so they live here rather than in the page.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
// Types only: the contracts module's zod schemas stay out of the bundle.
import type { NotificationItem, NotificationList } from '@rx/contracts/notifications';
import { http } from './http.ts';

export type NotificationKind = NotificationItem['kind'];
export type { NotificationItem, NotificationList };

/** Every kind with its label key in `layout`; a Record so a new kind in the contract fails to compile here. */
const KIND_LABELS: Record<NotificationKind, string> = {
  work_order: 'notify.kind.work_order',
  approval: 'notify.kind.approval',
  system: 'notify.kind.system',
};
export const NOTIFICATION_KINDS = Object.keys(KIND_LABELS) as NotificationKind[];
export const kindLabel = (kind: NotificationKind) => KIND_LABELS[kind];

export function isNotificationKind(value: unknown): value is NotificationKind {
  return typeof value === 'string' && value in KIND_LABELS;
}

export interface NotificationQuery {
  page: number;
  page_size: number;
  unread?: boolean;
  kind?: NotificationKind;
}

/** The work-order and notification page the header's entries lead to. */
export const NOTIFICATION_PAGE = '/notification/management';

/** The bell's query: the latest few, and the unread count that comes with them. */
export const LATEST = { page: 1, page_size: 5 } as const;

/** The header's work-order count: the list's total, so one row is enough to learn it. */
export const UNREAD_WORK_ORDERS = { page: 1, page_size: 1, kind: 'work_order', unread: true } as const;

/** How often the header's bell and work-order count ask again while the page is visible. */
export const POLL_INTERVAL_MS = 60_000;

const ROOT_KEY = ['notifications'] as const;

function fetchNotifications(query: NotificationQuery, silent: boolean, signal: AbortSignal) {
  const { page, page_size, unread, kind } = query;
  return http.get<NotificationList>(
    '/notifications',
    { page, page_size, unread: unread ? 1 : undefined, kind },
    { signal, silent },
  );
}

interface Options {
  /** Ask again every minute while the browser tab is visible (the header's counts). */
  poll?: boolean;
  /** No error toast: a background poll must not pester the user every minute. */
  silent?: boolean;
}

/** A page of the signed-in user's notifications, with the unread count. */
export function useNotifications(query: NotificationQuery, { poll = false, silent = false }: Options = {}) {
  return useQuery({
    queryKey: [...ROOT_KEY, query],
    queryFn: ({ signal }) => fetchNotifications(query, silent, signal),
    placeholderData: keepPreviousData,
    // The query cache pauses intervals while the tab is hidden (refetchIntervalInBackground is off);
    // coming back to the tab asks at once.
    ...(poll ? { refetchInterval: POLL_INTERVAL_MS, refetchOnWindowFocus: true, staleTime: 0 } : {}),
  });
}

export type ReadTarget = { ids: number[] } | { all: true };

/** Marks notifications read; every notification list and count on screen asks again. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (target: ReadTarget) => http.post<{ updated: number }>('/notifications/read', target),
    onSuccess: () => client.invalidateQueries({ queryKey: ROOT_KEY }),
  });
}

/** The console path of a notification's link, or undefined for an outside address (or none). */
export function consolePath(link: string): string | undefined {
  return link.startsWith('/') && !link.startsWith('//') ? link : undefined;
}
