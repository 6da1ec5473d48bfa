import { Flex, Layout, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';

/** The shell around every page: for now a header with the platform title and the language switcher. */
export function ConsoleLayout() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header
        style={{
          background: token.colorBgContainer,
          borderBlockEnd: `1px solid ${token.colorBorderSecondary}`,
          paddingInline: token.paddingLG,
        }}
      >
        <Flex align="center" justify="space-between" gap="middle" style={{ height: '100%' }}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('platformTitle')}
          </Typography.Title>
          <LanguageSwitcher />
        </Flex>
      </Layout.Header>
      <Layout.Content style={{ padding: token.paddingLG }}>
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
