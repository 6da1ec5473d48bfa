import { useState } from 'react';
import { Alert, Button, Collapse, Empty, Flex, Select, Spin, Typography } from 'antd';
import ArrowLeftOutlined from '@ant-design/icons/ArrowLeftOutlined';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { GameHelp } from '@rx/contracts/game-api';
import { helpArticlesResource } from '@rx/contracts/help-center';
import { LANGUAGES, LANGUAGE_NAMES, RTL_LANGUAGES } from '@rx/contracts/languages';
import { useProduct } from '@/app/product/index.ts';
import { resourceKey } from '@/shared/crud/index.ts';
import { http } from '@/shared/http.ts';
import { ChannelSelect } from '../../shared/channels.tsx';
import { idSegment } from '../../shared/route-segments.ts';
import { useRouteProduct } from '../../shared/route-product.ts';
import { HELP_BASE, previewLanguage, previewPath } from '../help-helpers.ts';
import '@/shared/rich-text/rich-text.css';
import { BackTitleBar } from '@/shared/ui/BackTitleBar.tsx';

type Article = GameHelp['categories'][number]['articles'][number];

/**
 * The published help centre of a channel in a language, from the same answer games get: categories
 * with their articles, each in the language or else in Chinese. Drafts never show here.
 */
export function HelpPreviewPage() {
  const { t } = useTranslation('help');
  const navigate = useNavigate();
  const { product_id, channel_id, language } = useParams();
  const ready = useRouteProduct(product_id);
  const productId = useProduct((s) => s.productId);
  const channelId = idSegment(channel_id) ?? null;
  const lang = previewLanguage(language);
  const [open, setOpen] = useState<Article | null>(null);
  const help = useQuery({
    queryKey: resourceKey(helpArticlesResource.name, 'preview', channelId, lang),
    queryFn: ({ signal }) =>
      http.get<GameHelp>(
        `/${helpArticlesResource.name}/preview`,
        { channel_id: channelId ?? undefined, language: lang },
        { signal },
      ),
    enabled: ready,
  });

  if (!ready || !productId) return <Spin />;
  const go = (channel: number | null, next = lang) => {
    setOpen(null);
    navigate(previewPath(productId, channel, next), { replace: true });
  };
  const dir = RTL_LANGUAGES.includes(lang) ? 'rtl' : 'ltr';

  return (
    <>
      <BackTitleBar
        backLabel={t('back')}
        onBack={() => void navigate(HELP_BASE)}
        title={t('menu:page.helpCenterPreview')}
        style={{ marginBlockEnd: 16 }}
      >
        <ChannelSelect
          aria-label={t('channel')}
          allLabel={t('noChannel')}
          value={channelId}
          onChange={(next) => go(next)}
          style={{ width: 200 }}
        />
        <Select
          aria-label={t('language')}
          value={lang}
          onChange={(next) => go(channelId, next)}
          options={LANGUAGES.map((v) => ({ value: v, label: LANGUAGE_NAMES[v] }))}
          style={{ width: 160 }}
        />
      </BackTitleBar>
      <Typography.Paragraph type="secondary">
        {t('previewHint')} {t('previewChannelHint')}
      </Typography.Paragraph>
      <div className="rx-help-phone" lang={lang} dir={dir} data-testid="help-preview">
        {help.isLoading && <Spin />}
        {help.isError && <Alert type="error" showIcon title={t('previewFailed')} />}
        {open ? (
          <article>
            <Button type="link" icon={<ArrowLeftOutlined />} onClick={() => setOpen(null)}>
              {t('backToList')}
            </Button>
            <Typography.Title level={5}>{open.title}</Typography.Title>
            {open.language !== lang && (
              <Alert type="info" title={t('fallbackShown')} style={{ marginBlockEnd: 8 }} />
            )}
            {/* The server keeps only its allow-list of tags and link schemes: this is the sanitised HTML games render. */}
            <div className="rx-help-body" dangerouslySetInnerHTML={{ __html: open.body }} />
          </article>
        ) : !help.data ? null : help.data.categories.length === 0 ? (
          <Empty description={t('previewEmpty')} />
        ) : (
          <Collapse
            defaultActiveKey={help.data.categories.map((c) => c.id)}
            items={help.data.categories.map((category) => ({
              key: category.id,
              label: category.name,
              children: (
                <Flex vertical align="start">
                  {category.articles.map((article) => (
                    <Button key={article.id} type="link" onClick={() => setOpen(article)}>
                      {article.title}
                    </Button>
                  ))}
                </Flex>
              ),
            }))}
          />
        )}
      </div>
    </>
  );
}
