import MenuFoldOutlined from '@ant-design/icons/MenuFoldOutlined';
import MenuUnfoldOutlined from '@ant-design/icons/MenuUnfoldOutlined';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { LayoutMode } from '@/shared/settings.ts';
import { preloadable } from '@/shared/preloadable.tsx';
import { useSettings } from '../settings/store.ts';
import { ShellButton } from '../ShellButton.tsx';
import { Logo } from './Brand.tsx';
import { Breadcrumbs, MenuView } from './shell-parts.ts';
import { useIsMobile, useLayoutUi } from './ui-store.ts';

// The actions (search, bell, theme, language, platforms, user menu) load beside the session's
// requests (app/shell-preload.ts): their dropdowns, popovers and icons stay out of the shell's first
// download.
export const HeaderActions = preloadable(() =>
  import('./header/HeaderActions.tsx').then(async (m) => {
    await m.preloadActionParts();
    return m.HeaderActions;
  }),
);

/**
 * The header: the menu button, the logo and the top menu (modes top and left-top) or the breadcrumb
 * (mode left), then the actions. On narrow screens (always mode left) the menu button opens the
 * menu drawer instead of collapsing the sidebar.
 */
export function Header({ mode, withSidebar }: { mode: LayoutMode; withSidebar: boolean }) {
  const { t } = useTranslation('layout');
  const isMobile = useIsMobile();
  const showLogo = useSettings((state) => state.settings.showLogo);
  const showBreadcrumb = useSettings((state) => state.settings.showBreadcrumb);
  const collapsed = useSettings((state) => state.sidebar === 'closed');
  const toggleSidebar = useSettings((state) => state.toggleSidebar);
  const openMenuDrawer = useLayoutUi((state) => state.setMenuDrawerOpen);

  const topMenu = mode !== 'left';
  const hamburger = t(isMobile ? 'header.openMenu' : collapsed ? 'header.expandMenu' : 'header.collapseMenu');
  return (
    <header className="rx-header">
      {(isMobile || withSidebar) && (
        <ShellButton
          variant="icon"
          className="rx-header__button rx-hamburger"
          aria-label={hamburger}
          title={hamburger}
          icon={
            collapsed && !isMobile ? <MenuUnfoldOutlined aria-hidden /> : <MenuFoldOutlined aria-hidden />
          }
          onClick={isMobile ? () => openMenuDrawer(true) : toggleSidebar}
        />
      )}
      {showLogo && topMenu && <Logo />}
      <div className="rx-header__nav">
        <Suspense>
          {topMenu ? (
            <MenuView mode="horizontal" levels={mode === 'top' ? 'all' : 'top'} />
          ) : (
            showBreadcrumb && <Breadcrumbs />
          )}
        </Suspense>
      </div>
      <Suspense fallback={<div className="rx-header__actions" />}>
        <HeaderActions />
      </Suspense>
    </header>
  );
}
