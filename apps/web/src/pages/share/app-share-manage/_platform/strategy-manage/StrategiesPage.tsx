import { useMemo } from 'react';
import { Form, Input, InputNumber, Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { MAX_SHARE_VARIANTS, SHARE_SCENES, shareStrategiesResource } from '@rx/contracts/share';
import type { ShareStrategy, ShareStrategyCreate } from '@rx/contracts/share';
import * as crud from '@/shared/crud/index.ts';
import { ResourceListPage } from '@/shared/crud/ResourceListPage.tsx';
import { RowsField } from '@/shared/crud/RowsField.tsx';
import { TimeField } from '@/shared/crud/TimeField.tsx';
import { ConstraintsNote, DetailLink, usePlatformPage } from '../platform.tsx';
import { sceneSearch } from '../share-words.tsx';

const NEW_VARIANT = {
  key: 'a',
  weight: 1,
  title: '',
  description: '',
  image_url: '',
  card_id: null,
  link_id: null,
};
const NEW_STRATEGY: Partial<ShareStrategyCreate> = {
  name: '',
  scene: 'invite',
  variants: [NEW_VARIANT],
};

/**
 * A platform's share strategies (`share/see/<platform>_strategy`): one per scene, its weighted
 * variants each player gets by a stable hash of their openid, within its time window.
 */
export function StrategiesPage() {
  const { t } = useTranslation('share');
  const platform = usePlatformPage();
  const { titleMax, descriptionMax } = platform.constraints;
  const columns = useMemo<ColumnsType<ShareStrategy>>(
    () => [
      { title: t('name'), dataIndex: 'name', width: 180, sorter: true },
      crud.enumColumn<ShareStrategy>(
        t,
        { title: t('scene'), dataIndex: 'scene', width: 110, sorter: true },
        'scenes',
      ),
      {
        title: t('strategies.variants'),
        key: 'variants',
        width: 220,
        render: (_, row) => {
          const total = row.variants.reduce((sum, v) => sum + v.weight, 0);
          return row.variants.map((v) => (
            <Tag key={v.key}>{`${v.key} ${Math.round((v.weight / total) * 100)}%`}</Tag>
          ));
        },
      },
      crud.statusColumn<ShareStrategy>(t),
      crud.updatedAtColumn<ShareStrategy>(t),
    ],
    [t],
  );
  return (
    <>
      <ConstraintsNote constraints={platform.constraints} />
      <ResourceListPage<ShareStrategy>
        resource={shareStrategiesResource}
        query={platform.query}
        title={`${t(`menu:${platform.titleKey}`)} · ${t('menu:page.shareStrategy')}`}
        columns={columns}
        drawerWidth={760}
        search={[sceneSearch(t), crud.statusSearch(t)]}
        rowActions={(row) => <DetailLink kind="strategy-manage" id={row.id} testId="share-strategy-detail" />}
        newFields={NEW_STRATEGY}
        nameOf={(row) => row.name}
        formTitle={{ create: t('strategies.createTitle'), edit: t('strategies.editTitle') }}
        form={() => (
          <>
            <Form.Item name="name" label={t('name')} required>
              <Input maxLength={64} />
            </Form.Item>
            <Form.Item name="scene" label={t('scene')} required>
              <Select options={crud.enumOptions(t, SHARE_SCENES, 'scenes')} />
            </Form.Item>
            <Form.Item label={t('strategies.variants')} required extra={t('strategies.variantsHint')}>
              <RowsField
                name="variants"
                max={MAX_SHARE_VARIANTS}
                wrap
                testId="share-variants"
                newRow={{ ...NEW_VARIANT, key: '' }}
                addLabel={t('strategies.addVariant')}
                removeLabel={(i) => t('strategies.removeVariant', { n: i + 1 })}
                row={(field, i) => (
                  <>
                    <Form.Item name={[field.name, 'key']} style={{ width: 90, marginBlockEnd: 0 }}>
                      <Input
                        aria-label={t('strategies.key', { n: i + 1 })}
                        placeholder={t('strategies.keyShort')}
                        maxLength={16}
                      />
                    </Form.Item>
                    <Form.Item name={[field.name, 'weight']} style={{ width: 100, marginBlockEnd: 0 }}>
                      <InputNumber
                        aria-label={t('strategies.weight', { n: i + 1 })}
                        placeholder={t('strategies.weightShort')}
                        min={1}
                        max={10000}
                        precision={0}
                      />
                    </Form.Item>
                    <Form.Item name={[field.name, 'title']} style={{ flex: '1 1 180px', marginBlockEnd: 0 }}>
                      <Input
                        aria-label={t('strategies.variantTitle', { n: i + 1 })}
                        placeholder={t('title')}
                        maxLength={titleMax}
                      />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'description']}
                      style={{ flex: '1 1 100%', marginBlockEnd: 0 }}
                    >
                      <Input
                        aria-label={t('strategies.variantDescription', { n: i + 1 })}
                        placeholder={t('description')}
                        maxLength={descriptionMax}
                      />
                    </Form.Item>
                  </>
                )}
              />
            </Form.Item>
            <TimeField name="starts_at" label={t('strategies.startsAt')} />
            <TimeField name="ends_at" label={t('strategies.endsAt')} />
            <crud.StatusField />
          </>
        )}
      />
    </>
  );
}
