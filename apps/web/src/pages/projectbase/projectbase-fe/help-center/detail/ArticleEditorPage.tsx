import { Alert, Card, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { isLanguage } from '@rx/contracts/languages';
import { helpArticlesResource } from '@rx/contracts/help-center';
import { usePermission } from '@/app/permission/index.ts';
import { useProduct } from '@/app/product/index.ts';
import { BackTitleBar } from '@/shared/ui/BackTitleBar.tsx';
import { idSegment } from '../../shared/route-segments.ts';
import { useRouteProduct } from '../../shared/route-product.ts';
import { useChannelLabel } from '../../shared/channels.tsx';
import { HELP_BASE } from '../help-helpers.ts';
import { ArticleForm } from './ArticleForm.tsx';
import { ArticleSide } from './ArticleSide.tsx';
import { useArticle } from './use-article.ts';

/**
 * One article of a product's channel (`detail/:product_id/:channel_id`): `?article=` edits it,
 * `?translate=<id>&language=` starts another language of its group, nothing starts a new article
 * (`?category=` preselects the category).
 */
export function ArticleEditorPage() {
  const { t } = useTranslation('help');
  const navigate = useNavigate();
  const { product_id, channel_id } = useParams();
  const [search] = useSearchParams();
  const ready = useRouteProduct(product_id);
  const productId = useProduct((s) => s.productId);
  const canEdit = usePermission([helpArticlesResource.permissions.edit]);
  const channelLabel = useChannelLabel(t('allChannels'));
  const articleId = idSegment(search.get('article'));
  const translateId = idSegment(search.get('translate'));
  const translateTo = search.get('language');
  // Editing: the article; translating: the article translated from.
  const { article, group } = useArticle(ready ? (articleId ?? translateId) : undefined);

  if (!ready || !productId) return <Spin />;
  const routeChannel = idSegment(channel_id) ?? null;
  const current = articleId ? article.data : undefined;
  const channelId = article.data?.channel_id ?? routeChannel;
  const mode = articleId ? 'edit' : translateId && isLanguage(translateTo) ? 'translate' : 'new';
  const loading = (articleId || translateId) && article.isLoading;

  return (
    <>
      <BackTitleBar
        backLabel={t('back')}
        onBack={() => void navigate(HELP_BASE)}
        title={
          mode === 'edit' ? t('editArticle') : mode === 'translate' ? t('translateArticle') : t('newArticle')
        }
      >
        <Typography.Text type="secondary">
          {t('channel')}: {channelLabel(channelId)}
        </Typography.Text>
      </BackTitleBar>
      {article.isError && <Alert type="error" showIcon title={t('notFound')} style={{ marginBlock: 12 }} />}
      {loading ? (
        <Spin />
      ) : (
        <Flex gap={16} align="start" wrap style={{ marginBlockStart: 16 }}>
          <Card style={{ flex: '3 1 560px', minWidth: 0 }}>
            <ArticleForm
              key={`${mode}-${current?.id ?? translateId ?? 'new'}-${translateTo ?? ''}`}
              mode={mode}
              article={current}
              source={mode === 'translate' ? article.data : undefined}
              translateTo={mode === 'translate' && isLanguage(translateTo) ? translateTo : undefined}
              channelId={channelId}
              productId={productId}
              categoryId={idSegment(search.get('category'))}
              readOnly={!canEdit}
            />
          </Card>
          {current && (
            <div style={{ flex: '1 1 280px' }}>
              <ArticleSide
                article={current}
                group={group.data ?? []}
                productId={productId}
                canEdit={canEdit}
              />
            </div>
          )}
        </Flex>
      )}
    </>
  );
}
