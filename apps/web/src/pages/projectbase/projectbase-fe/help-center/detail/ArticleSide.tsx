import { Alert, Button, Card, Descriptions, Dropdown, Flex, Space, Tag } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HELP_SOURCE_LANGUAGE, type HelpArticle } from '@rx/contracts/help-center';
import { LANGUAGE_NAMES } from '@rx/contracts/languages';
import { useMessage } from '@/shared/feedback.tsx';
import { http } from '@/shared/http.ts';
import { detailPath, missingTranslations, previewPath } from '../help-helpers.ts';
import { ARTICLES } from './use-article.ts';
import { formatDateTime } from '@/shared/format.ts';

interface ArticleSideProps {
  article: HelpArticle;
  /** Every language of the article's group. */
  group: HelpArticle[];
  productId: number;
  canEdit: boolean;
}

/** The article's state (published, stale) and its other languages. */
export function ArticleSide({ article, group, productId, canEdit }: ArticleSideProps) {
  const { t } = useTranslation('help');
  const message = useMessage();
  const navigate = useNavigate();
  const client = useQueryClient();
  const published = article.status === 'published';
  const setState = async () => {
    await http.post(`/${ARTICLES}/${article.id}/${published ? 'unpublish' : 'publish'}`, {
      version: article.version,
    });
    void client.invalidateQueries({ queryKey: [ARTICLES] });
    void message.success(t(published ? 'unpublishedDone' : 'publishedDone'));
  };
  const open = (query: Record<string, string | number>) =>
    navigate(detailPath(productId, article.channel_id, query));
  const missing = missingTranslations(group);

  return (
    <Flex vertical gap={16}>
      <Card size="small" title={t('status')}>
        <Descriptions size="small" column={1}>
          <Descriptions.Item label={t('status')}>
            <Tag color={published ? 'success' : 'default'} data-testid="article-status">
              {t(`statuses.${article.status}`)}
            </Tag>
          </Descriptions.Item>
          {article.published_at && (
            <Descriptions.Item label={t('publishedAt')}>
              {formatDateTime(article.published_at)}
            </Descriptions.Item>
          )}
          <Descriptions.Item label={t('crud:field.updatedAt')}>
            {formatDateTime(article.updated_at)}
          </Descriptions.Item>
        </Descriptions>
        {article.stale && (
          <Alert
            type="warning"
            showIcon
            title={t('stale')}
            description={t('staleHint')}
            style={{ marginBlock: 8 }}
          />
        )}
        <Space wrap>
          {canEdit && (
            <Button type={published ? 'default' : 'primary'} onClick={() => void setState()}>
              {t(published ? 'unpublish' : 'publish')}
            </Button>
          )}
          <Button onClick={() => navigate(previewPath(productId, article.channel_id, article.language))}>
            {t('preview')}
          </Button>
        </Space>
      </Card>
      <Card
        size="small"
        title={t('translations')}
        extra={
          canEdit &&
          missing.length > 0 && (
            <Dropdown
              trigger={['click']}
              menu={{
                items: missing.map((lang) => ({ key: lang, label: LANGUAGE_NAMES[lang] })),
                onClick: ({ key }) => {
                  const from = group.find((a) => a.language === HELP_SOURCE_LANGUAGE) ?? article;
                  open({ translate: from.id, language: key });
                },
              }}
            >
              <Button size="small">{t('addTranslation')}</Button>
            </Dropdown>
          )
        }
      >
        <Flex vertical gap={4}>
          {group.map((a) => (
            <Flex key={a.id} justify="space-between" align="center" gap={8}>
              <Button
                type={a.id === article.id ? 'primary' : 'link'}
                size="small"
                onClick={() => open({ article: a.id })}
              >
                {LANGUAGE_NAMES[a.language]}
              </Button>
              <Space size={4}>
                {a.language === HELP_SOURCE_LANGUAGE && <Tag color="blue">{t('source')}</Tag>}
                {a.stale && <Tag color="orange">{t('stale')}</Tag>}
                <Tag color={a.status === 'published' ? 'success' : 'default'}>
                  {t(`statuses.${a.status}`)}
                </Tag>
              </Space>
            </Flex>
          ))}
        </Flex>
      </Card>
    </Flex>
  );
}
