import { Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AccountsTab } from './AccountsTab.tsx';
import { PlansTab } from './PlansTab.tsx';

const TABS = ['plans', 'accounts'] as const;

/** Test management (`test/see/test`): test plans per version with their cases and runs, and test accounts. */
export function TestManagePage() {
  const { t } = useTranslation('testing');
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((k) => k === params.get('tab')) ?? 'plans';
  return (
    <Tabs
      activeKey={tab}
      // Each tab's list keeps its filters in the address: a switch starts the other from none.
      onChange={(key) => setParams(key === 'plans' ? {} : { tab: key })}
      destroyOnHidden
      items={[
        { key: 'plans', label: t('tabs.plans'), children: <PlansTab /> },
        { key: 'accounts', label: t('tabs.accounts'), children: <AccountsTab /> },
      ]}
    />
  );
}
