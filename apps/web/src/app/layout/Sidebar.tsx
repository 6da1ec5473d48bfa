import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../settings/store.ts';
import { Logo } from './Brand.tsx';
import { MenuView } from './shell-parts.ts';

/**
 * The sidebar of wide screens: the whole menu (mode `left`) or the children of the top-level entry
 * chosen in the header (mode `left-top`). It narrows to icons when collapsed.
 */
export function Sidebar() {
  const { t } = useTranslation('layout');
  const mode = useSettings((state) => state.settings.layoutMode);
  const showLogo = useSettings((state) => state.settings.showLogo);
  const collapsed = useSettings((state) => state.sidebar === 'closed');
  return (
    <aside className="rx-sidebar" aria-label={t('sidebar')}>
      {showLogo && mode === 'left' && <Logo compact={collapsed} />}
      <div className="rx-sidebar__menu">
        <Suspense>
          <MenuView
            mode="inline"
            levels={mode === 'left-top' ? 'active-children' : 'all'}
            collapsed={collapsed}
          />
        </Suspense>
      </div>
    </aside>
  );
}
