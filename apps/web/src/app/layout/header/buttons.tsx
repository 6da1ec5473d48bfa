import { useSyncExternalStore, type ReactNode } from 'react';
import { Button, Tooltip } from 'antd';
import FullscreenExitOutlined from '@ant-design/icons/FullscreenExitOutlined';
import FullscreenOutlined from '@ant-design/icons/FullscreenOutlined';
import ReadOutlined from '@ant-design/icons/ReadOutlined';
import { useTranslation } from 'react-i18next';

interface HeaderButtonProps {
  /** Read by screen readers and shown as the tooltip. */
  label: string;
  icon: ReactNode;
  onClick?: () => void;
  href?: string;
  target?: string;
  className?: string;
}

/** An icon button of the header with its tooltip. */
export function HeaderButton({ label, icon, onClick, href, target, className }: HeaderButtonProps) {
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        className={className ? `rx-header__button ${className}` : 'rx-header__button'}
        aria-label={label}
        icon={icon}
        onClick={onClick}
        href={href}
        target={target}
        rel={target === '_blank' ? 'noopener noreferrer' : undefined}
      />
    </Tooltip>
  );
}

/** The API documentation the server publishes (OpenAPI), opened in a new window. */
export const DOCUMENTATION_URL = '/api/docs';

export function DocumentLink() {
  const { t } = useTranslation('layout');
  return (
    <HeaderButton
      label={t('header.documentation')}
      icon={<ReadOutlined aria-hidden />}
      href={DOCUMENTATION_URL}
      target="_blank"
      className="rx-header__docs"
    />
  );
}

function onFullscreenChange(onChange: () => void) {
  document.addEventListener('fullscreenchange', onChange);
  return () => document.removeEventListener('fullscreenchange', onChange);
}
const isFullscreen = () => document.fullscreenElement !== null;

/** Shows the whole console full screen with the browser's Fullscreen API, and back. */
export function FullscreenToggle() {
  const { t } = useTranslation('layout');
  const active = useSyncExternalStore(onFullscreenChange, isFullscreen);
  // Some browsers (an iframe without permission, older iOS) offer no fullscreen at all.
  if (!document.fullscreenEnabled) return null;
  const toggle = () => {
    const change = active ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    change.catch(() => {
      /* refused by the browser (no user gesture, policy): the button keeps its state */
    });
  };
  return (
    <HeaderButton
      label={t(active ? 'header.exitFullscreen' : 'header.fullscreen')}
      icon={active ? <FullscreenExitOutlined aria-hidden /> : <FullscreenOutlined aria-hidden />}
      onClick={toggle}
      className="rx-header__fullscreen"
    />
  );
}
