import { useState } from 'react';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { PushTasksPage } from '@/shared/push/index.ts';
import { GrantsPanel } from './GrantsPanel.tsx';
import { TemplatesPanel } from './TemplatesPanel.tsx';

/**
 * Mini-game subscription: the sends (push tasks of kind `mini_game`, the shared push page told its
 * kind), the templates synced from WeChat with their field mapping, and the grant ledger.
 */
export function SubscriptionPage() {
  const { t } = useTranslation('push');
  const [tab, setTab] = useState('sends');
  return (
    <Tabs
      activeKey={tab}
      onChange={setTab}
      destroyOnHidden
      items={[
        { key: 'sends', label: t('sub.tabs.sends'), children: <PushTasksPage kind="mini_game" /> },
        { key: 'templates', label: t('sub.tabs.templates'), children: <TemplatesPanel /> },
        { key: 'grants', label: t('sub.tabs.grants'), children: <GrantsPanel /> },
      ]}
    />
  );
}
