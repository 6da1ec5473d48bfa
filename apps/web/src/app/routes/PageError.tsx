import { useEffect } from 'react';
import { App, Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { RouteErrorPage } from '../StatusPage.tsx';
import { isChunkLoadError, useStaleBuild } from './modules.ts';

const reload = () => window.location.reload();

/** Inside the layout: a page that failed. A missing chunk (a deploy meanwhile) offers a reload. */
export function PageError() {
  const error = useRouteError();
  const { t } = useTranslation('nav');
  if (!isChunkLoadError(error)) return <RouteErrorPage />;
  // Plain blocks, not antd's Result: this boundary is part of the shell's first download.
  return (
    <Flex vertical align="center" gap="middle" className="rx-stale-build" style={{ paddingBlock: 96 }}>
      <Typography.Title level={3}>{t('staleBuild.title')}</Typography.Title>
      <Typography.Text type="secondary">{t('staleBuild.body')}</Typography.Text>
      <Button type="primary" onClick={reload}>
        {t('staleBuild.reload')}
      </Button>
    </Flex>
  );
}

const NOTICE_KEY = 'rx-stale-build';

/** Anywhere in the console: once a chunk failed to load, a lasting notice offers a reload. */
export function StaleBuildNotice() {
  const stale = useStaleBuild((state) => state.stale);
  const { notification } = App.useApp();
  const { t } = useTranslation('nav');
  useEffect(() => {
    if (!stale) return;
    notification.warning({
      key: NOTICE_KEY,
      title: t('staleBuild.title'),
      description: t('staleBuild.body'),
      duration: 0,
      actions: (
        <Button type="primary" size="small" onClick={reload}>
          {t('staleBuild.reload')}
        </Button>
      ),
    });
  }, [stale, notification, t]);
  return null;
}
