import SettingOutlined from '@ant-design/icons/SettingOutlined';
import { useTranslation } from 'react-i18next';
import { MenuSearch } from '../../menu/index.ts';
import { ProductPicker } from '../../product/index.ts';
import { useSettings } from '../../settings/store.ts';
import { LanguageSwitcher } from '../LanguageSwitcher.tsx';
import {
  LazyApprovalsEntry,
  LazyJobsIndicator,
  LazyNotifyBell,
  LazyWorkOrderEntry,
  preloadNotify,
} from '../notify/lazy.tsx';
import { useLayoutUi } from '../ui-store.ts';
import { DocumentLink, FullscreenToggle, HeaderButton } from './buttons.tsx';
import { GlobalSearch } from './GlobalSearch.tsx';
import { PlatformSwitcher } from './PlatformSwitcher.tsx';
import { ThemePicker } from './ThemePicker.tsx';
import { UserMenu } from './UserMenu.tsx';

/** Loads the lazy parts the actions show, so they mount at once with them. */
export function preloadActionParts(): Promise<unknown> {
  const { settings } = useSettings.getState();
  return preloadNotify({ bell: settings.showNotify, workOrders: settings.showWorkerOrder });
}

/** The header's right side (left in right-to-left languages), each item switched by its setting. */
export function HeaderActions() {
  const { t } = useTranslation('layout');
  const settings = useSettings((state) => state.settings);
  const openSettings = useLayoutUi((state) => state.setSettingsOpen);
  return (
    <div className="rx-header__actions">
      <ProductPicker />
      <LazyJobsIndicator />
      <LazyApprovalsEntry />
      <GlobalSearch />
      {settings.showSearchMenu && <MenuSearch />}
      {settings.showNotify && <LazyNotifyBell />}
      {settings.showWorkerOrder && <LazyWorkOrderEntry />}
      {settings.showDocumentIcon && <DocumentLink />}
      {settings.showScreenfull && <FullscreenToggle />}
      {settings.showThemeSwitch && <ThemePicker />}
      <LanguageSwitcher />
      <PlatformSwitcher />
      {settings.showSettings && (
        <HeaderButton
          label={t('settings.title')}
          icon={<SettingOutlined aria-hidden />}
          onClick={() => openSettings(true)}
          className="rx-header__settings"
        />
      )}
      <UserMenu />
    </div>
  );
}
