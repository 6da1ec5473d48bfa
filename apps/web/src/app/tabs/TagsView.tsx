import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
  type CSSProperties,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { theme } from 'antd';
import CloseOutlined from '@ant-design/icons/CloseOutlined';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { VisitedView } from '@/shared/settings.ts';
import { useTabActions } from './actions.ts';
import { useTabs } from './store.ts';
import { tabMenuItems } from './menu-items.tsx';
import { isFixed } from './views.ts';
import './tags-view.css';

// Loaded at the first right click: the shell's first download holds no menu that is not open.
const ContextMenu = lazy(() =>
  import('@/shared/ui/ContextMenu.tsx').then((m) => ({ default: m.ContextMenu })),
);

interface MenuState {
  x: number;
  y: number;
  path: string;
}

/**
 * The tabs of the pages visited (spec §2/§4). The home tab is fixed; another closes with its ×, a
 * middle click or Delete; right click (or the context-menu key) opens refresh / close / close
 * others / left / right / all. The tab on screen is scrolled into view; the wheel scrolls the bar.
 */
export function TagsView(): ReactNode {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const visited = useTabs((state) => state.visited);
  const { pathname } = useLocation();
  const actions = useTabActions();
  const [menu, setMenu] = useState<MenuState | null>(null);
  const barRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // The whole tab, its × included (not only its link), and the bar's padding beside it
    // (scroll-padding in tags-view.css).
    const active = barRef.current?.querySelector('.rx-tag--active');
    active?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [pathname, visited.length]);

  useEffect(() => {
    const bar = barRef.current!;
    // A vertical wheel scrolls the bar sideways (it has no vertical scroll of its own).
    const onWheel = (event: WheelEvent) => {
      if (event.deltaY === 0 || bar.scrollWidth <= bar.clientWidth) return;
      event.preventDefault();
      const rtl = getComputedStyle(bar).direction === 'rtl';
      bar.scrollLeft += rtl ? -event.deltaY : event.deltaY;
    };
    bar.addEventListener('wheel', onWheel, { passive: false });
    return () => bar.removeEventListener('wheel', onWheel);
  }, []);

  const openMenu = (event: MouseEvent, view: VisitedView) => {
    event.preventDefault();
    // From the keyboard (context-menu key) there is no pointer: open under the tab.
    const rect = event.currentTarget.getBoundingClientRect();
    const fromKeyboard = event.clientX === 0 && event.clientY === 0;
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    setMenu({
      x: fromKeyboard ? (rtl ? rect.right : rect.left) : event.clientX,
      y: fromKeyboard ? rect.bottom : event.clientY,
      path: view.path,
    });
  };
  const closeMenu = useCallback(() => setMenu(null), []);

  const style = {
    '--rx-tag-border': token.colorBorderSecondary,
    '--rx-tag-bg': token.colorBgContainer,
    '--rx-tag-text': token.colorText,
    '--rx-tag-active-bg': token.colorPrimary,
    '--rx-tag-active-text': token.colorTextLightSolid,
    '--rx-tag-hover': token.colorFillSecondary,
    '--rx-tag-focus': token.colorPrimaryBorder,
  } as CSSProperties;

  return (
    <nav className="rx-tags" aria-label={t('tabs:label')} style={style}>
      <div ref={barRef} className="rx-tags__scroll">
        {visited.map((view) => {
          const title = t(`menu:${view.title}`);
          const active = view.path === pathname;
          return (
            <div
              key={view.path}
              className={active ? 'rx-tag rx-tag--active' : 'rx-tag'}
              data-path={view.path}
              onContextMenu={(event) => openMenu(event, view)}
              // A middle click closes the tab: no autoscroll, no new browser tab.
              onMouseDown={(event) => event.button === 1 && event.preventDefault()}
              onAuxClick={(event) => {
                if (event.button !== 1) return;
                event.preventDefault();
                if (!isFixed(view)) actions.close('self', view.path);
              }}
            >
              <Link
                to={view.fullPath}
                className="rx-tag__link"
                aria-current={active ? 'page' : undefined}
                title={title}
                onKeyDown={(event) => {
                  if (event.key === 'Delete' && !isFixed(view)) actions.close('self', view.path);
                }}
              >
                {title}
              </Link>
              {!isFixed(view) && (
                <button
                  type="button"
                  className="rx-tag__close"
                  aria-label={t('tabs:closeTab', { title })}
                  onClick={() => actions.close('self', view.path)}
                >
                  <CloseOutlined />
                </button>
              )}
            </div>
          );
        })}
      </div>
      {menu && (
        <Suspense>
          <ContextMenu
            position={menu}
            label={t('tabs:menu.label')}
            items={tabMenuItems({ path: menu.path, views: visited, actions, t })}
            onClose={closeMenu}
          />
        </Suspense>
      )}
    </nav>
  );
}
