import { textFor } from '@rx/contracts/required-language';
import { useMemo, useState } from 'react';
import { Button, Card, Flex, Form, InputNumber, Switch } from 'antd';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ColumnsType } from 'antd/es/table';
import {
  helpCategoriesResource,
  helpCategoryCreateBody,
  helpCategoryUpdateBody,
  type HelpCategory,
  type HelpCategoryCreate,
} from '@rx/contracts/help-center';
import type { Language } from '@rx/contracts/languages';
import { MAX_PAGE_SIZE } from '@rx/contracts/lists';
import {
  MultilangInput,
  RowEditDelete,
  enabledColumn,
  resourceKey,
  useResourceMutations,
  useDeleteRow,
  type ListAnswer,
} from '@/shared/crud/index.ts';
import { useMessage } from '@/shared/feedback.tsx';
import { http } from '@/shared/http.ts';
import { useLocale } from '@/shared/i18n.ts';
import { EditDrawer } from '@/shared/crud/FormDrawer.tsx';
import { DataTable } from '@/shared/ui/index.ts';
import { ChannelSelect, useChannelLabel } from '../shared/channels.tsx';

const RESOURCE = helpCategoriesResource.name;
const NEW_CATEGORY = {
  channel_id: null,
  name: { zh: '', en: '', ja: '', th: '', vi: '', tl: '', id: '', ar: '', tc: '' },
  sort: 0,
  enabled: true,
};

/** Every category of the game (a help centre has a handful). */
export function useHelpCategories() {
  return useQuery({
    queryKey: resourceKey(RESOURCE, 'all'),
    queryFn: ({ signal }) =>
      http.get<ListAnswer<HelpCategory>>(
        `/${RESOURCE}`,
        { page_size: MAX_PAGE_SIZE, sort: 'sort' },
        { signal },
      ),
  });
}

export function categoryName(category: Pick<HelpCategory, 'name'>, lang: Language): string {
  return textFor(category.name, lang);
}

interface CategoryPanelProps {
  /** The category whose articles the list shows. */
  selected: number | undefined;
  onSelect: (id: number | undefined) => void;
  canEdit: boolean;
  canDelete: boolean;
}

/** The categories, each for one channel or for all; choosing one filters the article list. */
export function CategoryPanel({ selected, onSelect, canEdit, canDelete }: CategoryPanelProps) {
  const { t } = useTranslation('help');
  const message = useMessage();
  const lang = useLocale((s) => s.language);
  const categories = useHelpCategories();
  const channelLabel = useChannelLabel(t('allChannels'));
  const { create, update } = useResourceMutations<
    HelpCategoryCreate,
    Record<string, unknown> & { version: number }
  >(RESOURCE);
  const deleteRow = useDeleteRow(RESOURCE);
  const [editing, setEditing] = useState<HelpCategory | 'new' | null>(null);

  const columns = useMemo<ColumnsType<HelpCategory>>(
    () => [
      {
        title: t('category'),
        key: 'name',
        width: 160,
        render: (_, c) => (
          <Button type="link" size="small" onClick={() => onSelect(selected === c.id ? undefined : c.id)}>
            {categoryName(c, lang)}
          </Button>
        ),
      },
      {
        title: t('channel'),
        dataIndex: 'channel_id',
        width: 120,
        render: (v: number | null) => channelLabel(v),
      },
      { title: t('articles'), dataIndex: 'articles', width: 70 },
      enabledColumn<HelpCategory>(t, t('crud:field.status'), 80),
      {
        title: t('crud:action.actions'),
        key: 'actions',
        width: 120,
        render: (_, c) => (
          <RowEditDelete
            size={0}
            canEdit={canEdit}
            canDelete={canDelete}
            onEdit={() => setEditing(c)}
            onDelete={() => deleteRow(c.id)}
            confirm={t('confirmDeleteCategory', { name: categoryName(c, lang) })}
          />
        ),
      },
    ],
    [t, lang, selected, onSelect, channelLabel, canEdit, canDelete, deleteRow],
  );

  const save = async (data: unknown) => {
    if (editing === 'new') await create.mutateAsync(data as HelpCategoryCreate);
    else if (editing) await update.mutateAsync({ id: editing.id, body: data as { version: number } });
    void message.success(t('crud:action.saved'));
  };

  return (
    <Card
      size="small"
      title={t('categories')}
      extra={
        canEdit && (
          <Button size="small" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('newCategory')}
          </Button>
        )
      }
    >
      <DataTable<HelpCategory>
        rowKey="id"
        size="small"
        loading={categories.isFetching}
        dataSource={categories.data?.list}
        columns={columns}
        pagination={false}
        rowClassName={(c) => (c.id === selected ? 'rx-current-row' : '')}
      />
      <EditDrawer
        editing={editing}
        titles={{ create: t('newCategory'), edit: t('editCategory') }}
        newItem={NEW_CATEGORY}
        schemas={{ create: helpCategoryCreateBody, update: helpCategoryUpdateBody }}
        onSubmit={save}
        onClose={() => setEditing(null)}
      >
        <Form.Item name="channel_id" label={t('channel')} extra={t('categoryChannelHint')}>
          <ChannelSelect allLabel={t('allChannels')} />
        </Form.Item>
        <Form.Item name="name" label={t('categoryName')} required>
          <MultilangInput maxLength={64} />
        </Form.Item>
        <Flex gap={32}>
          <Form.Item name="sort" label={t('sort')}>
            <InputNumber />
          </Form.Item>
          <Form.Item name="enabled" label={t('enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Flex>
      </EditDrawer>
    </Card>
  );
}
