import { Checkbox, Divider, Flex, Form, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { PUBLISH_AREAS } from '@rx/contracts/acs';
import type { SocialKind } from '@rx/contracts/social-access';
import { ChannelSelect } from '../shared/channels.tsx';
import { TimeField } from '@/shared/crud/TimeField.tsx';
import { FEATURES, LIMITS } from './social-helpers.ts';

/** A policy's fields; its region and channel are fixed once created (one policy per pair). */
export function PolicyForm({ kind, editing }: { kind: SocialKind; editing: boolean }) {
  const { t } = useTranslation('social');
  return (
    <>
      <Flex gap={16}>
        <Form.Item name="region" label={t('region')} required style={{ flex: 1 }}>
          <Select
            disabled={editing}
            options={PUBLISH_AREAS.map((v) => ({ value: v, label: t(`regions.${v}`) }))}
          />
        </Form.Item>
        <Form.Item name="channel_id" label={t('channel')} style={{ flex: 1 }} extra={t('channelHint')}>
          <ChannelSelect allLabel={t('allChannels')} disabled={editing} />
        </Form.Item>
      </Flex>
      <Divider titlePlacement="start" plain>
        {t('features')}
      </Divider>
      <Flex gap={24} wrap>
        {FEATURES[kind].map((feature) => (
          <Form.Item
            key={feature}
            name={[kind, feature]}
            label={t(`feature.${feature}`)}
            valuePropName="checked"
          >
            <Switch />
          </Form.Item>
        ))}
      </Flex>
      <Flex gap={16} wrap>
        {LIMITS[kind].map((limit) => (
          <Form.Item key={limit} name={[kind, limit]} label={t(`limit.${limit}`)} extra={t('zeroNoLimit')}>
            <InputNumber style={{ width: 180 }} />
          </Form.Item>
        ))}
      </Flex>
      <Divider titlePlacement="start" plain>
        {t('requirements')}
      </Divider>
      <Flex gap={16} wrap>
        <Form.Item name="min_level" label={t('minLevel')}>
          <InputNumber style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="min_account_age_days" label={t('minAccountAge')}>
          <InputNumber style={{ width: 160 }} />
        </Form.Item>
      </Flex>
      <Flex gap={24}>
        <Form.Item name="real_name_required" valuePropName="checked">
          <Checkbox>{t('realName')}</Checkbox>
        </Form.Item>
        <Form.Item name="adult_required" valuePropName="checked">
          <Checkbox>{t('adult')}</Checkbox>
        </Form.Item>
      </Flex>
      <Divider titlePlacement="start" plain>
        {t('schedule')}
      </Divider>
      <Flex gap={16}>
        <TimeField name="start_at" label={t('startAt')} style={{ flex: 1 }} placeholder={t('openEnded')} />
        <TimeField name="end_at" label={t('endAt')} style={{ flex: 1 }} placeholder={t('openEnded')} />
      </Flex>
      <Form.Item name="enabled" label={t('enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </>
  );
}
