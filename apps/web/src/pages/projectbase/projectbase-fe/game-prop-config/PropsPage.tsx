import { useMemo } from 'react';
import { Avatar, Space, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { PROP_RARITIES, PROP_TYPES, propsResource, type Prop, type PropCreate } from '@rx/contracts/props';
import type { Language } from '@rx/contracts/languages';
import { missingLanguages, statusColumn, updatedAtColumn } from '@/shared/crud/index.ts';
import { ResourceListPage } from '@/shared/crud/ResourceListPage.tsx';
import { useLocale } from '@/shared/i18n.ts';
import { PropForm } from './PropForm.tsx';

const NEW_PROP: PropCreate = {
  code: '',
  name: { zh: '', en: '', ja: '', th: '', vi: '', tl: '', id: '', ar: '', tc: '' },
  type: 'consumable',
  rarity: 'common',
  icon_url: '',
  stack_limit: 999,
  expiry_days: 0,
  unit_value: 0,
  tags: [],
  status: 'active',
};

export function nameIn(name: Record<string, string>, lang: Language): string {
  return name[lang] || name.zh || '';
}

/** Game props (`commercialization/see/prop`): the item catalogue of the chosen game. */
export function PropsPage() {
  const { t } = useTranslation('props');
  const lang = useLocale((s) => s.language);
  const options = (values: readonly string[], group: string) =>
    values.map((value) => ({ value, label: t(`${group}.${value}`) }));

  const columns = useMemo<ColumnsType<Prop>>(
    () => [
      {
        title: t('icon'),
        dataIndex: 'icon_url',
        width: 64,
        render: (url: string, prop) => (
          <Avatar shape="square" src={url || undefined} alt={nameIn(prop.name, lang)}>
            {nameIn(prop.name, lang).slice(0, 1)}
          </Avatar>
        ),
      },
      { title: t('code'), dataIndex: 'code', width: 140, sorter: true },
      {
        title: t('name'),
        key: 'name',
        width: 170,
        sorter: true,
        render: (_, prop) => {
          const missing = missingLanguages(prop.name);
          return (
            <Space size={4}>
              {nameIn(prop.name, lang)}
              {missing.length > 0 && (
                <Tooltip title={missing.join(', ')}>
                  <Tag color="warning">{t('crud:multilang.missingCount', { count: missing.length })}</Tag>
                </Tooltip>
              )}
            </Space>
          );
        },
      },
      {
        title: t('type'),
        dataIndex: 'type',
        width: 96,
        sorter: true,
        render: (v: string) => t(`types.${v}`),
      },
      {
        title: t('rarity'),
        dataIndex: 'rarity',
        width: 90,
        sorter: true,
        render: (v: string) => t(`rarities.${v}`),
      },
      { title: t('stackLimit'), dataIndex: 'stack_limit', width: 96 },
      {
        title: t('tags'),
        dataIndex: 'tags',
        width: 130,
        render: (tags: string[]) => tags.map((tag) => <Tag key={tag}>{tag}</Tag>),
      },
      statusColumn<Prop>(t),
      updatedAtColumn<Prop>(t),
    ],
    [t, lang],
  );

  return (
    <ResourceListPage<Prop>
      resource={propsResource}
      title={t('menu:page.gameProps')}
      columns={columns}
      // Every column fits 1440 px beside the menu; the actions widen by themselves for longer labels.
      actionsWidth={120}
      search={[
        { name: 'q', label: t('crud:field.keyword') },
        { name: 'type', label: t('type'), kind: 'select', options: options(PROP_TYPES, 'types') },
        { name: 'rarity', label: t('rarity'), kind: 'select', options: options(PROP_RARITIES, 'rarities') },
        {
          name: 'status',
          label: t('crud:field.status'),
          kind: 'select',
          options: options(['active', 'disabled'], 'crud:status'),
        },
        { name: 'tag', label: t('tags'), width: 140 },
      ]}
      newItem={NEW_PROP}
      nameOf={(prop) => nameIn(prop.name, lang)}
      formTitle={{ create: t('createTitle'), edit: t('editTitle') }}
      form={(editing) => <PropForm editing={editing !== 'new'} />}
    />
  );
}
