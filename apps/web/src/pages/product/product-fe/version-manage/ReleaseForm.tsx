import { Form, Input, InputNumber, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { APP_PLATFORMS, MAX_BLOCKED_VERSIONS, MAX_WHITELIST, UPDATE_MODES } from '@rx/contracts/releases';
import { MultilangInput, enumOptions } from '@/shared/crud/index.ts';

/** Tags typed as build numbers become numbers; anything else stays as typed for the schema to refuse. */
const toCodes = (values: (string | number)[] | undefined) =>
  (values ?? []).map((v) => (typeof v === 'string' && /^[1-9]\d{0,9}$/.test(v.trim()) ? Number(v) : v));

/** The fields of a version; platform, channel and build number never change once created. */
export function ReleaseForm({ editing }: { editing: boolean }) {
  const { t } = useTranslation('releases');
  return (
    <>
      <Form.Item name="platform" label={t('platform')} required>
        <Select disabled={editing} options={enumOptions(t, APP_PLATFORMS, 'platforms')} />
      </Form.Item>
      <Form.Item name="channel" label={t('channel')} extra={t('channelHint')}>
        <Input disabled={editing} maxLength={64} />
      </Form.Item>
      <Form.Item name="version_name" label={t('versionName')} required extra={t('versionNameHint')}>
        <Input maxLength={32} placeholder="1.4.2" />
      </Form.Item>
      <Form.Item name="version_code" label={t('versionCode')} required extra={t('versionCodeHint')}>
        <InputNumber disabled={editing} style={{ width: '100%' }} min={1} precision={0} />
      </Form.Item>
      <Form.Item name="min_version_code" label={t('minVersionCode')} extra={t('minVersionCodeHint')}>
        <InputNumber style={{ width: '100%' }} min={0} precision={0} />
      </Form.Item>
      <Form.Item
        name="blocked_version_codes"
        label={t('blockedVersionCodes')}
        extra={t('blockedHint')}
        normalize={toCodes}
      >
        <Select mode="tags" tokenSeparators={[',', '，', ' ']} maxCount={MAX_BLOCKED_VERSIONS} open={false} />
      </Form.Item>
      <Form.Item name="update_mode" label={t('updateMode')} required>
        <Radio.Group options={enumOptions(t, UPDATE_MODES, 'modes')} />
      </Form.Item>
      <Form.Item name="store_url" label={t('storeUrl')}>
        <Input maxLength={500} placeholder="https://" />
      </Form.Item>
      <Form.Item name="download_url" label={t('downloadUrl')}>
        <Input maxLength={500} placeholder="https://" />
      </Form.Item>
      <Form.Item name="update_text" label={t('updateText')}>
        <MultilangInput maxLength={1000} multiline optional />
      </Form.Item>
      <Form.Item name="whitelist_openids" label={t('whitelistOpenids')} extra={t('whitelistHint')}>
        <Select mode="tags" tokenSeparators={[',', '，', ' ', '\n']} maxCount={MAX_WHITELIST} open={false} />
      </Form.Item>
      <Form.Item name="whitelist_devices" label={t('whitelistDevices')}>
        <Select mode="tags" tokenSeparators={[',', '，', ' ', '\n']} maxCount={MAX_WHITELIST} open={false} />
      </Form.Item>
      <Form.Item name="note" label={t('note')}>
        <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
    </>
  );
}
