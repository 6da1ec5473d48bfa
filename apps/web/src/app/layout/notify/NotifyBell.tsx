import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Button, Popover, Tooltip } from 'antd';
import BellOutlined from '@ant-design/icons/BellOutlined';
import { useTranslation } from 'react-i18next';
import { LATEST, useNotifications } from '@/shared/notifications-api.ts';
import { useEndPlacement } from '../ui-store.ts';
import { LiveUpdates } from './LiveUpdates.tsx';

// The list loads when the popover first opens; the bell itself only needs the count.
const NotifyPanel = lazy(() => import('./NotifyPanel.tsx'));

/** A small count on the corner of a header icon; nothing at zero. The button's label says the number aloud. */
export function CountBubble({ count, tone = 'danger' }: { count: number; tone?: 'danger' | 'warning' }) {
  if (count <= 0) return null;
  return (
    <span className={`rx-count rx-count--${tone}`} aria-hidden="true">
      {count > 99 ? '99+' : count}
    </span>
  );
}

/**
 * A header button that opens a page, with a count beside it (approvals waiting, unread work
 * orders): its tooltip and accessible name say the count; `data` names what the count is for tests.
 */
export function CountedLink(props: {
  label: string;
  className: string;
  count: number;
  data: Record<`data-${string}`, number>;
  icon: ReactNode;
  onOpen: () => void;
}) {
  return (
    <Tooltip title={props.label}>
      <span className="rx-counted">
        <Button
          type="text"
          className={`rx-header__button ${props.className}`}
          aria-label={props.label}
          {...props.data}
          onClick={props.onOpen}
          icon={props.icon}
        />
        <CountBubble count={props.count} tone="warning" />
      </span>
    </Tooltip>
  );
}

/**
 * The header's bell: the unread count (asked every minute, and at once when a notification arrives
 * live), and the latest notifications in a popover.
 */
export function NotifyBell() {
  const { t } = useTranslation('layout');
  const placement = useEndPlacement();
  const [open, setOpen] = useState(false);
  const { data } = useNotifications(LATEST, { poll: true, silent: true });
  const unread = data?.unread ?? 0;
  return (
    <Popover
      trigger="click"
      open={open}
      onOpenChange={setOpen}
      placement={placement}
      content={
        <Suspense fallback={<div className="rx-notify rx-notify--loading" />}>
          <NotifyPanel onDone={() => setOpen(false)} />
        </Suspense>
      }
    >
      <span className="rx-counted">
        <LiveUpdates />
        <Button
          type="text"
          className="rx-header__button rx-notify-bell"
          aria-label={t('notify.bell', { count: unread })}
          // Absent until the count has loaded: a reader never takes the placeholder 0 for it.
          data-unread={data ? unread : undefined}
          icon={<BellOutlined aria-hidden />}
        />
        <CountBubble count={unread} />
      </span>
    </Popover>
  );
}
