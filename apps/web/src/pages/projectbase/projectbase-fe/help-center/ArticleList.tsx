import { useMemo, useState } from 'react';
import { Button, Popconfirm, Space, Tag, Tooltip } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ColumnsType } from 'antd/es/table';
import { HELP_ARTICLE_STATUSES, helpArticlesResource, type HelpArticle } from '@rx/contracts/help-center';
import {
  channelSearch,
  choiceSearch,
  enumSearch,
  languageSearch,
  useDeleteRow,
  useResourceList,
  type ListParams,
  updatedAtColumn,
  actionsColumn,
} from '@/shared/crud/index.ts';
import { useMessage } from '@/shared/feedback.tsx';
import { http } from '@/shared/http.ts';
import { useLocale } from '@/shared/i18n.ts';
import { useChannelLabel, useChannels } from '../shared/channels.tsx';
import { categoryName, useHelpCategories } from './CategoryPanel.tsx';
import { CopyModal } from './CopyModal.tsx';
import { detailPath, previewPath } from './help-helpers.ts';
import { QueryList } from '@/shared/crud/QueryListPage.tsx';

const RESOURCE = helpArticlesResource.name;

interface ArticleListProps {
  productId: number;
  params: ListParams;
  setParams: (change: Partial<ListParams>) => void;
  can: { edit: boolean; remove: boolean };
}

/** Articles, one row per language, with their state; editing opens the article's own page. */
export function ArticleList({ productId, params, setParams, can }: ArticleListProps) {
  const { t } = useTranslation('help');
  const message = useMessage();
  const navigate = useNavigate();
  const client = useQueryClient();
  const lang = useLocale((s) => s.language);
  const list = useResourceList<HelpArticle>(RESOURCE, params);
  const categories = useHelpCategories();
  const channels = useChannels();
  const channelLabel = useChannelLabel(t('allChannels'));
  const [copying, setCopying] = useState<HelpArticle | null>(null);
  const deleteRow = useDeleteRow(RESOURCE);
  const categoryNames = useMemo(
    () => new Map((categories.data?.list ?? []).map((c) => [c.id, categoryName(c, lang)] as const)),
    [categories.data, lang],
  );

  const columns = useMemo<ColumnsType<HelpArticle>>(() => {
    const refresh = () => client.invalidateQueries({ queryKey: [RESOURCE] });
    const setState = async (article: HelpArticle, action: 'publish' | 'unpublish') => {
      await http.post(`/${RESOURCE}/${article.id}/${action}`, { version: article.version });
      void refresh();
      void message.success(t(action === 'publish' ? 'publishedDone' : 'unpublishedDone'));
    };
    const edit = (a: HelpArticle) => navigate(detailPath(productId, a.channel_id, { article: a.id }));
    return [
      {
        title: t('title'),
        key: 'title',
        width: 240,
        sorter: true,
        render: (_, a) => (
          <Space size={4}>
            <Button type="link" size="small" onClick={() => edit(a)}>
              {a.title}
            </Button>
            {a.stale && (
              <Tooltip title={t('staleHint')}>
                <Tag color="orange">{t('stale')}</Tag>
              </Tooltip>
            )}
          </Space>
        ),
      },
      {
        title: t('language'),
        dataIndex: 'language',
        width: 90,
        sorter: true,
        render: (v: string) => <Tag>{v}</Tag>,
      },
      {
        title: t('category'),
        dataIndex: 'category_id',
        width: 130,
        render: (id: number) => categoryNames.get(id) ?? `#${id}`,
      },
      {
        title: t('channel'),
        dataIndex: 'channel_id',
        width: 120,
        render: (v: number | null) => channelLabel(v),
      },
      {
        title: t('status'),
        dataIndex: 'status',
        width: 90,
        sorter: true,
        render: (v: string) => (
          <Tag color={v === 'published' ? 'success' : 'default'}>{t(`statuses.${v}`)}</Tag>
        ),
      },
      updatedAtColumn(t),
      actionsColumn(t, 300, (a) => (
        <Space size={0}>
          {can.edit && (
            <Button type="link" size="small" onClick={() => edit(a)}>
              {t('crud:action.edit')}
            </Button>
          )}
          {can.edit && (
            <Button
              type="link"
              size="small"
              onClick={() => void setState(a, a.status === 'published' ? 'unpublish' : 'publish')}
            >
              {t(a.status === 'published' ? 'unpublish' : 'publish')}
            </Button>
          )}
          {can.edit && (
            <Button type="link" size="small" onClick={() => setCopying(a)}>
              {t('copy')}
            </Button>
          )}
          <Button
            type="link"
            size="small"
            onClick={() => navigate(previewPath(productId, a.channel_id, a.language))}
          >
            {t('preview')}
          </Button>
          {can.remove && a.status === 'draft' && (
            <Popconfirm
              title={t('confirmDeleteArticle', { title: a.title })}
              onConfirm={() => deleteRow(a.id)}
            >
              <Button type="link" size="small" danger>
                {t('crud:action.delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      )),
    ];
  }, [t, can, client, message, navigate, productId, categoryNames, channelLabel, deleteRow]);

  return (
    <>
      <QueryList<HelpArticle>
        params={params}
        setParams={setParams}
        list={list}
        fields={[
          { name: 'q', label: t('title') },
          {
            name: 'category_id',
            label: t('category'),
            kind: 'select',
            options: [...categoryNames].map(([id, name]) => ({ value: String(id), label: name })),
          },
          channelSearch(t, channels.list),
          { ...languageSearch('language', t('language')), width: 140 },
          { ...enumSearch(t, 'status', t('status'), HELP_ARTICLE_STATUSES, 'statuses'), width: 120 },
          choiceSearch('stale', t('stale'), 120, [
            ['1', t('staleOnly')],
            ['0', t('upToDate')],
          ]),
        ]}
        rowKey="id"
        toolsId="help-articles"
        columns={columns}
      />
      <CopyModal
        article={copying}
        onClose={() => setCopying(null)}
        onCopied={(count) => {
          void client.invalidateQueries({ queryKey: [RESOURCE] });
          void message.success(t('copied', { count }));
        }}
      />
    </>
  );
}
