import { Button, Dropdown, type MenuProps } from 'antd';
import AppstoreOutlined from '@ant-design/icons/AppstoreOutlined';
import CheckOutlined from '@ant-design/icons/CheckOutlined';
import { useTranslation } from 'react-i18next';
import { http } from '@/shared/http.ts';
import { useSession } from '../../session.ts';
import { useEndPlacement } from '../ui-store.ts';

/** The platform this console is: marked in the list, not opened again. */
export const CURRENT_PLATFORM = 'main';

/**
 * Asks the sign-in service for a signed link into a platform and opens it in a new window. The window
 * is opened at once, inside the click, so popup blockers allow it; it is sent to the link once the
 * answer arrives, or closed if there is none.
 */
export async function openPlatform(platform: string): Promise<void> {
  const target = window.open('about:blank', '_blank');
  if (target) target.opener = null;
  try {
    const { url } = await http.get<{ url: string }>('/acs/user/platform_link', { platform });
    if (target) target.location.href = url;
    else window.open(url, '_blank', 'noopener');
  } catch {
    // The client has shown the error; only the empty window is left to tidy.
    target?.close();
  }
}

/** The header's platform switcher (platform_list): the other platforms open through a signed link. */
export function PlatformSwitcher() {
  const { t } = useTranslation('layout');
  const placement = useEndPlacement();
  const platforms = useSession((state) => state.platforms);
  if (platforms.length === 0) return null;
  const menu: MenuProps = {
    items: platforms.map((entry) => {
      const current = entry.platform === CURRENT_PLATFORM;
      return {
        key: entry.platform,
        label: entry.name,
        extra: current ? t('header.currentPlatform') : undefined,
        icon: current ? <CheckOutlined aria-hidden /> : <span className="rx-menu-icon-space" aria-hidden />,
        'aria-current': current ? 'true' : undefined,
      };
    }),
    selectable: true,
    selectedKeys: [CURRENT_PLATFORM],
    onClick: ({ key }) => {
      if (key !== CURRENT_PLATFORM) void openPlatform(key);
    },
  };
  return (
    <Dropdown menu={menu} trigger={['click']} placement={placement} rootClassName="rx-platform-menu">
      <Button
        type="text"
        className="rx-header__button"
        aria-label={t('header.platform')}
        icon={<AppstoreOutlined aria-hidden />}
      />
    </Dropdown>
  );
}
