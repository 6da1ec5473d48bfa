import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/shared/i18n.ts';
import { MenuView } from '../menu/index.ts';
import { useSettings } from '../settings/store.ts';
import { Logo } from './Brand.tsx';
import { useLayoutUi } from './ui-store.ts';

/** The sidebar of narrow screens: the whole menu in a drawer on the inline-start side, closed by navigating. */
export default function MenuDrawer() {
  const { t } = useTranslation('layout');
  const open = useLayoutUi((state) => state.menuDrawerOpen);
  const setOpen = useLayoutUi((state) => state.setMenuDrawerOpen);
  const direction = useLocale((state) => state.direction);
  const showLogo = useSettings((state) => state.settings.showLogo);
  const close = () => setOpen(false);
  return (
    <Drawer
      open={open}
      onClose={close}
      placement={direction === 'rtl' ? 'right' : 'left'}
      size={260}
      closable={false}
      title={null}
      className="rx-menu-drawer"
      styles={{ body: { padding: 0 } }}
      aria-label={t('sidebar')}
    >
      <div className="rx-sidebar rx-sidebar--drawer">
        {showLogo && <Logo />}
        <div className="rx-sidebar__menu">
          <MenuView mode="inline" levels="all" onNavigate={close} />
        </div>
      </div>
    </Drawer>
  );
}
