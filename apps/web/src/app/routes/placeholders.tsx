import { Button, Empty, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../menu/build.ts';
import { useCurrentPage } from './handle.ts';

// Pages without business content, loaded in one small chunk when first needed.

/**
 * A catalogue page whose screen does not exist yet. It says so plainly, with the page's title,
 * instead of showing made-up content.
 */
export function NotBuiltPage() {
  const { t } = useTranslation('nav');
  const navigate = useNavigate();
  const page = useCurrentPage();
  const title = page ? t(`menu:${page.meta.title}`) : '';
  return (
    <Result
      status="info"
      className="rx-not-built"
      title={t('notBuilt.title', { title })}
      subTitle={t('notBuilt.body')}
      extra={
        <Button type="primary" onClick={() => void navigate(HOME_PATH)}>
          {t('common:errors.backHome')}
        </Button>
      }
    />
  );
}

/** The home of a user with a user type (spec §2): an empty section, not the account overview. */
export function EmptyHome() {
  const { t } = useTranslation('nav');
  return (
    <Empty
      className="rx-empty-home"
      style={{ paddingBlock: 96 }}
      description={
        <>
          <Typography.Title level={4}>{t('emptyHome.title')}</Typography.Title>
          <Typography.Text type="secondary">{t('emptyHome.body')}</Typography.Text>
        </>
      }
    />
  );
}
