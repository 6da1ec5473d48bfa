import { Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { APP_PLATFORMS } from '@rx/contracts/releases';
import { PACKAGE_STATUSES } from '@rx/contracts/app-packages';
import { enumOptions } from '@/shared/crud/index.ts';
import { UploadField } from '@/shared/upload/index.ts';

/** The staff read a package file at this address; the form keeps the file's id. */
const FILE_PATH = /^\/api\/v1\/files\/([A-Za-z0-9_-]{22})$/;

/** A form field holding an uploaded package's id: upload (streamed, checked) or keep the current one. */
function PackageFile({
  id,
  value,
  onChange,
  disabled,
}: {
  id?: string;
  value?: string;
  onChange?: (fileId: string) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('appPackages');
  return (
    <UploadField
      id={id}
      use="package"
      disabled={disabled}
      value={value ? `/api/v1/files/${value}` : ''}
      // A typed address that is not an uploaded file stays as typed, for the server to refuse.
      onChange={(url) => onChange?.(FILE_PATH.exec(url)?.[1] ?? url)}
      testId="package-file"
      aria-label={t('file')}
    />
  );
}

/** The fields of a package; platform, channels, build number and file never change once created. */
export function PackageForm({ editing }: { editing: boolean }) {
  const { t } = useTranslation('appPackages');
  return (
    <>
      <Form.Item name="platform" label={t('platform')} required>
        <Select disabled={editing} options={enumOptions(t, APP_PLATFORMS, 'platforms')} />
      </Form.Item>
      <Form.Item name="channel" label={t('channel')} extra={t('channelHint')}>
        <Input disabled={editing} maxLength={64} />
      </Form.Item>
      <Form.Item name="sub_channel" label={t('subChannel')} extra={t('subChannelHint')}>
        <Input disabled={editing} maxLength={64} />
      </Form.Item>
      <Form.Item name="version_name" label={t('versionName')} required extra={t('versionNameHint')}>
        <Input maxLength={32} placeholder="1.4.2" />
      </Form.Item>
      <Form.Item name="version_code" label={t('versionCode')} required extra={t('versionCodeHint')}>
        <InputNumber disabled={editing} style={{ width: '100%' }} min={1} precision={0} />
      </Form.Item>
      <Form.Item
        name="file_id"
        label={t('file')}
        required
        extra={t('fileHint')}
        rules={[{ required: true, message: t('fileRequired') }]}
      >
        <PackageFile disabled={editing} />
      </Form.Item>
      <Form.Item name="download_url" label={t('downloadUrl')} extra={t('downloadUrlHint')}>
        <Input maxLength={500} placeholder="https://" />
      </Form.Item>
      <Form.Item name="status" label={t('status')} required extra={t('statusHint')}>
        <Select options={enumOptions(t, PACKAGE_STATUSES, 'statuses')} />
      </Form.Item>
      <Form.Item name="note" label={t('note')}>
        <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
    </>
  );
}
