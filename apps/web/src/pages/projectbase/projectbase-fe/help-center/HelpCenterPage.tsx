import { useCallback, useMemo } from 'react';
import { Alert, Button, Flex, Space, Typography } from 'antd';
import EyeOutlined from '@ant-design/icons/EyeOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isLanguage } from '@rx/contracts/languages';
import { helpArticlesResource } from '@rx/contracts/help-center';
import { usePermission } from '@/app/permission/index.ts';
import { useProduct } from '@/app/product/index.ts';
import { useListParams } from '@/shared/crud/index.ts';
import { useLocale } from '@/shared/i18n.ts';
import { idSegment } from '../shared/route-segments.ts';
import { ArticleList } from './ArticleList.tsx';
import { CategoryPanel } from './CategoryPanel.tsx';
import { detailPath, previewPath } from './help-helpers.ts';

const FILTERS = ['q', 'category_id', 'channel_id', 'language', 'status', 'stale'] as const;

/** The help centre: categories and articles per channel and language, published to players. */
export function HelpCenterPage() {
  const { t } = useTranslation('help');
  const navigate = useNavigate();
  const lang = useLocale((s) => s.language);
  const productId = useProduct((s) => s.productId);
  const [params, setParams] = useListParams(FILTERS);
  // Categories and articles share the help centre page's permissions.
  const canEdit = usePermission([helpArticlesResource.permissions.edit]);
  const canDelete = usePermission([helpArticlesResource.permissions.delete]);
  const can = useMemo(() => ({ edit: canEdit, remove: canDelete }), [canEdit, canDelete]);
  const { filters } = params;
  const selectCategory = useCallback(
    (id: number | undefined) => {
      const { category_id: _, ...rest } = filters;
      setParams({ filters: id ? { ...rest, category_id: String(id) } : rest });
    },
    [filters, setParams],
  );

  if (!productId) return <Alert type="info" showIcon title={t('crud:product.required')} />;
  const channelId = idSegment(filters.channel_id) ?? null;
  const categoryId = idSegment(filters.category_id);
  return (
    <>
      <Flex justify="space-between" align="start" gap={16} wrap>
        <div>
          <Typography.Title level={4} style={{ marginBlockStart: 0 }}>
            {t('menu:page.helpCenter')}
          </Typography.Title>
          <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
        </div>
        <Space>
          <Button
            icon={<EyeOutlined />}
            onClick={() =>
              navigate(
                previewPath(productId, channelId, isLanguage(filters.language) ? filters.language : lang),
              )
            }
          >
            {t('preview')}
          </Button>
          {canEdit && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() =>
                navigate(detailPath(productId, channelId, categoryId ? { category: categoryId } : {}))
              }
            >
              {t('newArticle')}
            </Button>
          )}
        </Space>
      </Flex>
      <Flex vertical gap={16}>
        <CategoryPanel
          selected={categoryId}
          onSelect={selectCategory}
          canEdit={canEdit}
          canDelete={canDelete}
        />
        <ArticleList productId={productId} params={params} setParams={setParams} can={can} />
      </Flex>
    </>
  );
}
