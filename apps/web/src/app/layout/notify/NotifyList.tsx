import { Button, Empty, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { htmlLang } from '@/shared/document-language.ts';
import { useLocale } from '@/shared/i18n.ts';
import {
  consolePath,
  kindLabel,
  useMarkRead,
  type NotificationItem,
  type ReadTarget,
} from '@/shared/notifications-api.ts';
import { relativeTime, useNow } from './time.ts';

/** Whether a pending mark-read request is about this notification. */
const isTarget = (target: ReadTarget | undefined, id: number) =>
  !!target && ('all' in target || target.ids.includes(id));

export const KIND_COLORS = { work_order: 'orange', approval: 'blue', system: 'default' } as const;

/** Opens a notification's link: a console page in place, an outside address in a new window. */
export function useOpenNotification() {
  const navigate = useNavigate();
  const markRead = useMarkRead();
  return (item: NotificationItem) => {
    if (!item.read) markRead.mutate({ ids: [item.id] });
    const path = consolePath(item.link);
    if (path) void navigate(path);
    else if (/^https?:\/\//.test(item.link)) window.open(item.link, '_blank', 'noopener,noreferrer');
  };
}

interface NotifyListProps {
  items: NotificationItem[];
  /** Closes the popover (after opening an item or "view all"). */
  onDone: () => void;
}

/** The latest notifications in the bell's popover, each openable and markable as read. */
export function NotifyList({ items, onDone }: NotifyListProps) {
  const { t } = useTranslation('layout');
  const language = useLocale((state) => state.language);
  const markRead = useMarkRead();
  const open = useOpenNotification();
  const now = useNow();
  if (items.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notify.empty')} />;
  return (
    <ul className="rx-notify-list" aria-label={t('notify.title')}>
      {items.map((item) => (
        <li key={item.id} className={item.read ? 'rx-notify-item' : 'rx-notify-item is-unread'}>
          <button
            type="button"
            className="rx-notify-item__main"
            onClick={() => {
              open(item);
              onDone();
            }}
          >
            {/* Isolated, in its own direction: a Chinese sentence keeps its final "。" at its end in Arabic. */}
            <bdi dir="auto" className="rx-notify-item__title">
              {item.title}
            </bdi>
            <span className="rx-notify-item__meta">
              <Tag color={KIND_COLORS[item.kind]}>{t(kindLabel(item.kind))}</Tag>
              <time dateTime={item.created_at}>{relativeTime(item.created_at, now, htmlLang(language))}</time>
            </span>
          </button>
          {!item.read && (
            <Button
              size="small"
              type="link"
              loading={markRead.isPending && isTarget(markRead.variables, item.id)}
              onClick={() => markRead.mutate({ ids: [item.id] })}
            >
              {t('notify.markRead')}
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
