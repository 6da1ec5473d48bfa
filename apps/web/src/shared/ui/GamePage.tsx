import type { ReactNode } from 'react';
import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useProduct } from '@/app/product/index.ts';

/**
 * A page about one game's data: its title and what it is for, then the page. Until a game is
 * chosen in the header it says so instead (the API scopes everything to that game).
 */
export function GamePage({
  title,
  intro,
  children,
}: {
  title: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const productId = useProduct((s) => s.productId);
  if (!productId) return <Alert type="info" showIcon title={t('crud:product.required')} />;
  return (
    <>
      <Typography.Title level={4} style={{ marginBlockStart: 0 }}>
        {title}
      </Typography.Title>
      {intro && <Typography.Paragraph type="secondary">{intro}</Typography.Paragraph>}
      {children}
    </>
  );
}
