import { Form, Input } from 'antd';
import LockOutlined from '@ant-design/icons/LockOutlined';
import { useTranslation } from 'react-i18next';
import { channelsResource, type Channel } from '@rx/contracts/channels';
import { StatusField } from '@/shared/crud/index.ts';
import { RefSelect } from '@/shared/crud/RefSelect.tsx';

export const channelLabel = (channel: Channel) => `${channel.name} (${channel.code})`;

/**
 * The fields of a sub-channel. Its code is the channel string built into packages: once a package
 * uses it (`frozen`) it can no longer change, and the field says why.
 */
export function SubChannelFields({ frozen = false }: { frozen?: boolean }) {
  const { t } = useTranslation('channels');
  return (
    <>
      <Form.Item name="channel_id" label={t('sub.parent')} required>
        <RefSelect<Channel>
          resource={channelsResource.name}
          filters={{ status: 'active' }}
          label={channelLabel}
        />
      </Form.Item>
      <Form.Item
        name="code"
        label={t('sub.code')}
        required
        extra={frozen ? t('sub.frozenWhy') : t('sub.codeHint')}
      >
        <Input
          maxLength={64}
          disabled={frozen}
          readOnly={frozen}
          prefix={frozen ? <LockOutlined /> : undefined}
        />
      </Form.Item>
      <Form.Item name="name" label={t('sub.name')} required>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="package_id" label={t('sub.packageId')} extra={t('sub.packageIdHint')}>
        <Input maxLength={128} placeholder="com.example.game" />
      </Form.Item>
      <Form.Item name="media" label={t('sub.media')} extra={t('sub.attributionHint')}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="campaign" label={t('sub.campaign')}>
        <Input maxLength={128} />
      </Form.Item>
      <StatusField />
    </>
  );
}
