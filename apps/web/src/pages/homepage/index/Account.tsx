import { useState } from 'react';
import { Button, Descriptions, Flex, Tag, type DescriptionsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '@rx/contracts/languages';
import { useLocale } from '@/shared/i18n.ts';
import { logout, useSession } from '@/app/session.ts';

/** Who is signed in, for which CP, with what; and signing out. */
export function Account() {
  const { t } = useTranslation();
  const user = useSession((state) => state.user);
  const cpConfig = useSession((state) => state.cpConfig);
  const permissionCount = useSession((state) => state.permissions.length);
  const language = useLocale((state) => state.language);
  const [leaving, setLeaving] = useState(false);
  if (!user) return null;

  const items: DescriptionsProps['items'] = [
    { key: 'username', label: t('home.username'), children: <bdi>{user.username}</bdi> },
    { key: 'cpName', label: t('home.cpName'), children: <bdi>{cpConfig?.cp_name}</bdi> },
    {
      key: 'publishArea',
      label: t('home.publishArea'),
      children: cpConfig && t(`area.${cpConfig.publish_area}`),
    },
    { key: 'usertype', label: t('home.usertype'), children: user.usertype ?? t('home.notSet') },
    {
      key: 'roles',
      label: t('home.roles'),
      children: (
        <Flex wrap gap="small">
          {user.role_info.map((role) => (
            <Tag key={role.identifier}>
              <bdi>{role.name || role.identifier}</bdi>
            </Tag>
          ))}
        </Flex>
      ),
    },
    { key: 'language', label: t('home.language'), children: LANGUAGE_NAMES[language] },
    { key: 'permissions', label: t('home.permissions'), children: permissionCount },
  ];

  const signOut = () => {
    setLeaving(true);
    void logout();
  };

  return (
    <Flex vertical gap="middle" align="start">
      <Descriptions column={1} size="small" items={items} className="rx-home__account" />
      <Button danger loading={leaving} onClick={signOut}>
        {t('logout')}
      </Button>
    </Flex>
  );
}
