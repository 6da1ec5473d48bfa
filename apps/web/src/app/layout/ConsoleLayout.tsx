import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { useMenu } from '../menu/useMenu.ts';
import { AppMain, TagsView } from '../tabs/index.ts';
import { useSettings } from '../settings/store.ts';
import { Footer } from './Brand.tsx';
import { Header } from './Header.tsx';
import { Breadcrumbs } from './shell-parts.ts';
import { Sidebar } from './Sidebar.tsx';
import { useIsMobile, useLayoutUi } from './ui-store.ts';
import { preloadable } from '@/shared/preloadable.tsx';
import { useOpenedOnce } from '@/shared/use-opened-once.ts';

// Loaded when first needed: they stay out of the shell's first download.
const SettingsDrawer = lazy(() => import('./settings/SettingsDrawer.tsx'));
const MenuDrawer = lazy(() => import('./MenuDrawer.tsx'));
// The watermark, when shown, is preloaded beside the session's requests (app/shell-preload.ts).
export const ContentWatermark = preloadable(() => import('./ContentWatermark.tsx').then((m) => m.default));

/** Class names of the layout's root: the mode and states styles/layout.css reads. */
function layoutClass(parts: Record<string, boolean>): string {
  return ['rx-layout', ...Object.keys(parts).filter((name) => parts[name])].join(' ');
}

/** In mode left-top the sidebar holds the active top-level entry's children: none, no sidebar. */
function useActiveEntryHasChildren(): boolean {
  const { menu, trail } = useMenu();
  return !!menu.find((entry) => entry.key === trail[0])?.children?.length;
}

/**
 * The shell around every page (spec §3), per the settings: the sidebar on the inline-start side
 * (modes left and left-top), the header (across the whole width in left-top), the tab bar, the page
 * area with its breadcrumb and watermark, and the footer. Narrow screens get the menu in a drawer.
 */
export function ConsoleLayout() {
  const isMobile = useIsMobile();
  const settings = useSettings((state) => state.settings);
  const collapsed = useSettings((state) => state.sidebar === 'closed');
  const settingsUsed = useOpenedOnce(useLayoutUi((state) => state.settingsOpen));
  const menuDrawerUsed = useOpenedOnce(useLayoutUi((state) => state.menuDrawerOpen));
  const setMenuDrawerOpen = useLayoutUi((state) => state.setMenuDrawerOpen);
  const hasChildren = useActiveEntryHasChildren();
  const { pathname } = useLocation();
  const mode = isMobile ? 'left' : settings.layoutMode;
  const withSidebar = !isMobile && (mode === 'left' || (mode === 'left-top' && hasChildren));
  const headerAcross = mode === 'left-top';

  // Any navigation closes the menu drawer, as does growing out of the narrow layout.
  useEffect(() => setMenuDrawerOpen(false), [pathname, isMobile, setMenuDrawerOpen]);

  return (
    <div
      className={layoutClass({
        [`rx-layout--${mode}`]: true,
        'is-mobile': isMobile,
        'is-collapsed': withSidebar && collapsed,
        'is-fixed-header': settings.fixedHeader,
      })}
    >
      {headerAcross && (
        <div className="rx-topbar rx-topbar--across">
          <Header mode={mode} withSidebar={withSidebar} />
        </div>
      )}
      <div className="rx-body">
        {withSidebar && <Sidebar />}
        <div className="rx-main">
          <div className="rx-topbar">
            {!headerAcross && <Header mode={mode} withSidebar={withSidebar} />}
            {settings.showTagsView && <TagsView />}
          </div>
          <main className="rx-content">
            {settings.showBreadcrumb && mode !== 'left' && (
              <div className="rx-content__breadcrumb">
                <Suspense>
                  <Breadcrumbs />
                </Suspense>
              </div>
            )}
            <AppMain />
            {settings.showWatermark && (
              <Suspense>
                <ContentWatermark />
              </Suspense>
            )}
          </main>
          {settings.showFooter && <Footer />}
        </div>
      </div>
      <Suspense>
        {isMobile && menuDrawerUsed && <MenuDrawer />}
        {settingsUsed && <SettingsDrawer />}
      </Suspense>
    </div>
  );
}
