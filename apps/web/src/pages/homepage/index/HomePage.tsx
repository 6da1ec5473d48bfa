import { useState } from 'react';
import { Button, Descriptions, Flex, Tag, Typography, type DescriptionsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '@rx/contracts/languages';
import { useLocale } from '../../../shared/i18n.ts';
import { logout, useSession } from '../../../app/session.ts';

/** Home (role see/home): who is signed in, for which CP, with what. */
export function HomePage() {
  const { t } = useTranslation();
  const user = useSession((state) => state.user);
  const cpConfig = useSession((state) => state.cpConfig);
  const permissionCount = useSession((state) => state.permissions.length);
  const language = useLocale((state) => state.language);
  const [leaving, setLeaving] = useState(false);
  if (!user) return null;

  const items: DescriptionsProps['items'] = [
    { key: 'username', label: t('home.username'), children: user.username },
    { key: 'cpName', label: t('home.cpName'), children: cpConfig?.cp_name },
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
            <Tag key={role.identifier}>{role.name || role.identifier}</Tag>
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
    <Flex vertical gap="large">
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('home.welcome', { name: user.username })}
      </Typography.Title>
      <Descriptions
        title={t('home.account')}
        extra={
          <Button danger loading={leaving} onClick={signOut}>
            {t('logout')}
          </Button>
        }
        column={1}
        bordered
        items={items}
      />
    </Flex>
  );
}
