import { Button, Dropdown, type MenuProps } from 'antd';
import AuditOutlined from '@ant-design/icons/AuditOutlined';
import KeyOutlined from '@ant-design/icons/KeyOutlined';
import ProfileOutlined from '@ant-design/icons/ProfileOutlined';
import LogoutOutlined from '@ant-design/icons/LogoutOutlined';
import SettingOutlined from '@ant-design/icons/SettingOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logout, useSession } from '../../session.ts';
import { useEndPlacement, useLayoutUi } from '../ui-store.ts';

/** Where staff change their password (the navigation's set-password page). */
export const SET_PASSWORD_PATH = '/set-password';

/** The signed-in staff member: change password, the layout settings, sign out. */
export function UserMenu() {
  const { t } = useTranslation(['layout', 'common', 'menu']);
  const placement = useEndPlacement();
  const navigate = useNavigate();
  const username = useSession((state) => state.user?.username);
  const openSettings = useLayoutUi((state) => state.setSettingsOpen);
  if (!username) return null;
  const menu: MenuProps = {
    items: [
      // The backbone's own pages, everyone's: one's background jobs and the approval requests.
      { key: '/jobs', icon: <ProfileOutlined aria-hidden />, label: t('layout:header.myJobs') },
      { key: '/approvals', icon: <AuditOutlined aria-hidden />, label: t('menu:page.approvals') },
      { type: 'divider' },
      { key: 'password', icon: <KeyOutlined aria-hidden />, label: t('layout:header.changePassword') },
      // Also here, so the settings stay reachable when their header button is switched off.
      { key: 'settings', icon: <SettingOutlined aria-hidden />, label: t('layout:settings.title') },
      { type: 'divider' },
      { key: 'logout', icon: <LogoutOutlined aria-hidden />, label: t('common:logout'), danger: true },
    ],
    onClick: ({ key }) => {
      if (key.startsWith('/')) void navigate(key);
      else if (key === 'password') void navigate(SET_PASSWORD_PATH);
      else if (key === 'settings') openSettings(true);
      else if (key === 'logout') void logout();
    },
  };
  return (
    <Dropdown menu={menu} trigger={['click']} placement={placement}>
      <Button
        type="text"
        className="rx-header__user"
        icon={<UserOutlined aria-hidden />}
        aria-label={t('layout:header.user')}
      >
        <span className="rx-header__username">{username}</span>
      </Button>
    </Dropdown>
  );
}
