import { useMemo } from 'react';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { PROP_RARITIES, PROP_TYPES, propsResource } from '@rx/contracts/props';
import type { Prop, PropCreate } from '@rx/contracts/props';
import * as crud from '@/shared/crud/index.ts';
import { ResourceListPage } from '@/shared/crud/ResourceListPage.tsx';
import { useLocale } from '@/shared/i18n.ts';
import { PropForm } from './PropForm.tsx';

// What the create schema does not fill in by itself; a new prop stacks to 999 unless changed.
const NEW_PROP: Partial<PropCreate> = {
  code: '',
  name: crud.emptyText(),
  type: 'consumable',
  rarity: 'common',
  stack_limit: 999,
};

/** Game props (`commercialization/see/prop`): the item catalogue of the chosen game. */
export function PropsPage() {
  const { t } = useTranslation('props');
  const lang = useLocale((s) => s.language);
  const columns = useMemo<ColumnsType<Prop>>(
    () => [
      crud.iconColumn<Prop>(t('icon'), 64, (prop) => crud.textIn(prop.name, lang)),
      { title: t('code'), dataIndex: 'code', width: 140, sorter: true },
      crud.nameColumn<Prop>({ title: t('name'), key: 'name', width: 170, sorter: true }, (p) => p.name, lang),
      crud.enumColumn<Prop>(t, { title: t('type'), dataIndex: 'type', width: 96, sorter: true }, 'types'),
      crud.enumColumn<Prop>(
        t,
        { title: t('rarity'), dataIndex: 'rarity', width: 90, sorter: true },
        'rarities',
      ),
      { title: t('stackLimit'), dataIndex: 'stack_limit', width: 96 },
      crud.tagsColumn<Prop>(t('tags'), 'tags', 130),
      crud.statusColumn<Prop>(t),
      crud.updatedAtColumn<Prop>(t),
    ],
    [t, lang],
  );

  return (
    <ResourceListPage<Prop>
      resource={propsResource}
      title={t('menu:page.gameProps')}
      columns={columns}
      defaultSort={null}
      // Every column fits 1440 px beside the menu; the actions widen by themselves for longer labels.
      actionsWidth={120}
      search={[
        crud.enumSearch(t, 'type', t('type'), PROP_TYPES, 'types'),
        crud.enumSearch(t, 'rarity', t('rarity'), PROP_RARITIES, 'rarities'),
        crud.statusSearch(t),
        { name: 'tag', label: t('tags'), width: 140 },
      ]}
      newFields={NEW_PROP}
      nameOf={(prop) => crud.textIn(prop.name, lang)}
      form={(editing) => <PropForm editing={editing !== 'new'} />}
    />
  );
}
