import { useMemo } from 'react';
import { Form, Input, Select } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { SHARE_AD_PLACEMENTS, SHARE_AD_PLATFORMS, shareAdSlotsResource } from '@rx/contracts/share-ad-slots';
import type { ShareAdSlot, ShareAdSlotCreate } from '@rx/contracts/share-ad-slots';
import * as crud from '@/shared/crud/index.ts';
import { ResourceListPage } from '@/shared/crud/ResourceListPage.tsx';
import { TimeField } from '@/shared/crud/TimeField.tsx';
import { formatDateTime } from '@/shared/format.ts';
import { SlotCalendar } from './SlotCalendar.tsx';

const NEW_SLOT: Partial<ShareAdSlotCreate> = {
  name: '',
  placement: 'share_panel',
  platform: 'all',
  starts_at: '',
  ends_at: '',
};

/**
 * Share ad scheduling (`share/see/share_ad`): the month's calendar of placement slots above the
 * list; a slot overlapping another of its placement and platform is refused, naming the other.
 */
export function ShareAdSlotsPage() {
  const { t } = useTranslation('shareAds');
  const platformName = (code: string) => (code === 'all' ? t('allPlatforms') : t(`menu:group.${code}`));
  const platformOptions = SHARE_AD_PLATFORMS.map((code) => ({ value: code, label: platformName(code) }));
  const columns = useMemo<ColumnsType<ShareAdSlot>>(
    () => [
      { title: t('crud:field.name'), dataIndex: 'name', width: 180, sorter: true },
      crud.enumColumn<ShareAdSlot>(
        t,
        { title: t('placement'), dataIndex: 'placement', width: 130, sorter: true },
        'placements',
      ),
      {
        title: t('platform'),
        dataIndex: 'platform',
        width: 110,
        render: (code: string) => (code === 'all' ? t('allPlatforms') : t(`menu:group.${code}`)),
      },
      {
        title: t('startsAt'),
        dataIndex: 'starts_at',
        key: 'starts_at',
        width: 170,
        sorter: true,
        render: (value: string) => formatDateTime(value),
      },
      {
        title: t('endsAt'),
        dataIndex: 'ends_at',
        width: 170,
        render: (value: string) => formatDateTime(value),
      },
      crud.statusColumn<ShareAdSlot>(t),
      crud.updatedAtColumn<ShareAdSlot>(t),
    ],
    [t],
  );
  return (
    <>
      <SlotCalendar />
      <ResourceListPage<ShareAdSlot>
        resource={shareAdSlotsResource}
        title={t('menu:page.shareAdSchedule')}
        columns={columns}
        search={[
          crud.enumSearch(t, 'placement', t('placement'), SHARE_AD_PLACEMENTS, 'placements'),
          crud.statusSearch(t),
        ]}
        newFields={NEW_SLOT}
        nameOf={(row) => row.name}
        form={() => (
          <>
            <Form.Item name="name" label={t('crud:field.name')} required>
              <Input maxLength={64} />
            </Form.Item>
            <Form.Item name="placement" htmlFor="slot-placement" label={t('placement')} required>
              <Select id="slot-placement" options={crud.enumOptions(t, SHARE_AD_PLACEMENTS, 'placements')} />
            </Form.Item>
            <Form.Item name="platform" htmlFor="slot-platform" label={t('platform')} required>
              <Select id="slot-platform" options={platformOptions} />
            </Form.Item>
            <TimeField name="starts_at" label={t('startsAt')} required />
            <TimeField name="ends_at" label={t('endsAt')} required />
            <Form.Item name="image_url" label={t('imageUrl')}>
              <Input maxLength={1000} />
            </Form.Item>
            <Form.Item name="link_url" label={t('linkUrl')} extra={t('linkHint')}>
              <Input maxLength={1000} />
            </Form.Item>
            <crud.StatusField />
          </>
        )}
      />
    </>
  );
}
