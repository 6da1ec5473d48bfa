import { useMemo } from 'react';
import type { ColumnsType } from 'antd/es/table';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { adBatchTemplatesResource, type AdBatchTemplate } from '@rx/contracts/ad-batch-templates';
import { AD_CREATIVE_LAYOUTS } from '@rx/contracts/dimensions';
import { usePatternPage } from '@/app/routes/handle.ts';
import * as crud from '@/shared/crud/index.ts';
import { ResourceListPage } from '@/shared/crud/ResourceListPage.tsx';
import { formatMoney } from '@/shared/format.ts';
import { currentLanguage } from '@/shared/i18n.ts';
import { SetupFields, newSetup } from '../_batch/SetupFields.tsx';

/**
 * A medium's batch templates (`batch-create-config`): saved setups — targeting, budget, bid,
 * schedule, creative layout — the API checks against the medium's rules; the editor starts from one.
 */
export function TemplatesPage() {
  const { t } = useTranslation('ads');
  const media = usePatternPage().value;
  const columns = useMemo<ColumnsType<AdBatchTemplate>>(() => {
    const money = (v: number) => formatMoney(v, 'CNY', currentLanguage());
    return [
      { title: t('templates.name'), dataIndex: 'name', width: 200, sorter: true },
      {
        title: t('setup.layout'),
        dataIndex: 'layout',
        width: 130,
        render: (l: string) => t(`setup.layouts.${l}`),
      },
      { title: t('batches.columns.budget'), dataIndex: 'budget', width: 130, align: 'end', render: money },
      { title: t('batches.columns.bid'), dataIndex: 'bid', width: 110, align: 'end', render: money },
      {
        title: t('setup.audience'),
        key: 'targeting',
        width: 200,
        render: (_, row) =>
          t('setup.audienceOf', {
            ages: `${row.targeting.age_min}–${row.targeting.age_max}`,
            genders: row.targeting.genders.length
              ? row.targeting.genders.map((g) => t(`setup.gender.${g}`)).join(', ')
              : t('setup.everyone'),
          }),
      },
      {
        title: t('setup.schedule'),
        key: 'schedule',
        width: 200,
        render: (_, row) =>
          `${row.schedule_start || t('setup.now')} → ${row.schedule_end || t('setup.noEnd')}`,
      },
      { title: t('templates.used'), dataIndex: 'used_count', width: 100, align: 'end' },
      crud.updatedAtColumn<AdBatchTemplate>(t),
    ];
  }, [t]);
  const newItem = useMemo(() => ({ name: '', remark: '', ...newSetup(media) }), [media]);
  return (
    <ResourceListPage<AdBatchTemplate>
      resource={adBatchTemplatesResource}
      query={{ media }}
      title={t('templates.title', { media: t(`media.${media}`) })}
      columns={columns}
      search={[
        { name: 'q', label: t('templates.name') },
        crud.enumSearch(t, 'layout', t('setup.layout'), AD_CREATIVE_LAYOUTS, 'setup.layouts'),
      ]}
      newItem={newItem}
      nameOf={(row) => row.name}
      formTitle={{ create: t('templates.create'), edit: t('templates.edit') }}
      drawerWidth={720}
      form={() => (
        <>
          <Form.Item name="name" label={t('templates.name')} required>
            <Input maxLength={64} aria-label={t('templates.name')} />
          </Form.Item>
          <SetupFields media={media} />
          <Form.Item name="remark" label={t('templates.remark')}>
            <Input.TextArea maxLength={200} rows={2} aria-label={t('templates.remark')} />
          </Form.Item>
        </>
      )}
    />
  );
}
