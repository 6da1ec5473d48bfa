import type { ReactNode } from 'react';
import AppstoreOutlined from '@ant-design/icons/AppstoreOutlined';
import AuditOutlined from '@ant-design/icons/AuditOutlined';
import BarChartOutlined from '@ant-design/icons/BarChartOutlined';
import ClockCircleOutlined from '@ant-design/icons/ClockCircleOutlined';
import CustomerServiceOutlined from '@ant-design/icons/CustomerServiceOutlined';
import FundOutlined from '@ant-design/icons/FundOutlined';
import HomeOutlined from '@ant-design/icons/HomeOutlined';
import NotificationOutlined from '@ant-design/icons/NotificationOutlined';
import ProfileOutlined from '@ant-design/icons/ProfileOutlined';
import RocketOutlined from '@ant-design/icons/RocketOutlined';
import SettingOutlined from '@ant-design/icons/SettingOutlined';
import ShareAltOutlined from '@ant-design/icons/ShareAltOutlined';
import ShopOutlined from '@ant-design/icons/ShopOutlined';
import StopOutlined from '@ant-design/icons/StopOutlined';
import TeamOutlined from '@ant-design/icons/TeamOutlined';
import ToolOutlined from '@ant-design/icons/ToolOutlined';

/** One icon per top-level entry of the catalogue (the collapsed sidebar shows only these). */
const ICONS: Record<string, ReactNode> = {
  '/homepage/index': <HomeOutlined aria-hidden />,
  '/jobs': <ProfileOutlined aria-hidden />,
  '/approvals': <AuditOutlined aria-hidden />,
  '/projectbase': <SettingOutlined aria-hidden />,
  '/operation-tools': <ToolOutlined aria-hidden />,
  '/violation': <StopOutlined aria-hidden />,
  '/push-tools': <NotificationOutlined aria-hidden />,
  '/commercial-tools': <ShopOutlined aria-hidden />,
  '/release-tools': <RocketOutlined aria-hidden />,
  '/share-tools': <ShareAltOutlined aria-hidden />,
  '/rxlaunch/rxlaunch-fe/deliver-manage': <FundOutlined aria-hidden />,
  '/service': <CustomerServiceOutlined aria-hidden />,
  '/bi': <BarChartOutlined aria-hidden />,
  '/offline': <ClockCircleOutlined aria-hidden />,
  '/system': <TeamOutlined aria-hidden />,
};

export function iconOf(key: string): ReactNode {
  return ICONS[key] ?? <AppstoreOutlined aria-hidden />;
}
