import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { APP_PLATFORMS } from '@rx/contracts/releases';
import { enumOptions } from '@/shared/crud/index.ts';

/** A build's platform and channel (a version's, a package's), which never change once it is created. */
export function PlatformChannelFields({ ns, editing }: { ns: 'releases' | 'appPackages'; editing: boolean }) {
  const { t } = useTranslation(ns);
  return (
    <>
      <Form.Item name="platform" label={t('platform')} required>
        <Select disabled={editing} options={enumOptions(t, APP_PLATFORMS, 'platforms')} />
      </Form.Item>
      <Form.Item name="channel" label={t('channel')} extra={t('channelHint')}>
        <Input disabled={editing} maxLength={64} />
      </Form.Item>
    </>
  );
}
