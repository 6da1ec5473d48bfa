import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A page title of the "will go offline" group with the catalogue's tip beside it: the page works
 * fully until it goes, and says that it is going.
 */
export function OfflineTitle({ title }: { title: string }) {
  const { t } = useTranslation('menu');
  return (
    <>
      {title}{' '}
      <span data-testid="going-offline">
        <Tag color="orange" style={{ marginInlineStart: 8, verticalAlign: 'middle' }}>
          {t('tip.goingOffline')}
        </Tag>
      </span>
    </>
  );
}
