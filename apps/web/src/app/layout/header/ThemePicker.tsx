import { Button, Dropdown, type MenuProps } from 'antd';
import BgColorsOutlined from '@ant-design/icons/BgColorsOutlined';
import { useTranslation } from 'react-i18next';
import { THEME_NAMES, type ThemeName } from '@/shared/settings.ts';
import { useSettings } from '../../settings/store.ts';
import { useEndPlacement } from '../ui-store.ts';

/** Picks the theme (normal, dark, dark blue); the choice is saved and applied at once. */
export function ThemePicker() {
  const { t } = useTranslation('layout');
  const placement = useEndPlacement();
  const current = useSettings((state) => state.theme);
  const setTheme = useSettings((state) => state.setTheme);
  const menu: MenuProps = {
    items: THEME_NAMES.map((name) => ({
      key: name,
      label: t(`theme.${name}`),
      icon: <span className={`rx-theme-swatch rx-theme-swatch--${name}`} aria-hidden />,
    })),
    selectable: true,
    selectedKeys: [current],
    onClick: ({ key }) => setTheme(key as ThemeName),
  };
  return (
    <Dropdown menu={menu} trigger={['click']} placement={placement}>
      <Button
        type="text"
        className="rx-header__button rx-header__theme"
        aria-label={t('header.theme')}
        icon={<BgColorsOutlined aria-hidden />}
      />
    </Dropdown>
  );
}
