import { Divider, Form, Input, InputNumber, Radio, Select, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CHANGELOG_MAX, MAX_BLOCKED_VERSIONS, MAX_WHITELIST, UPDATE_MODES } from '@rx/contracts/releases';
import { versionFieldsResource, type VersionField } from '@rx/contracts/version-fields';
import { MultilangInput, enumOptions, resourceKey, type ListAnswer } from '@/shared/crud/index.ts';
import { http } from '@/shared/http.ts';
import { PlatformChannelFields } from '@/shared/release/PlatformChannelFields.tsx';
import { FieldValueInput } from '@/shared/version-fields/FieldValueInput.tsx';

/** The game's enabled version fields: one input each, empty meaning "the field's default". */
function FieldValues() {
  const { t } = useTranslation('versionFields');
  const fields = useQuery({
    queryKey: resourceKey(versionFieldsResource.name, 'all'),
    queryFn: ({ signal }) =>
      http.get<ListAnswer<VersionField>>(
        `/${versionFieldsResource.name}`,
        { page_size: 100, sort: 'key' },
        // Staff who may edit versions but not see the fields' page simply get no field inputs.
        { signal, silent: true },
      ),
  });
  const enabled = (fields.data?.list ?? []).filter((field) => field.enabled);
  if (enabled.length === 0) return null;
  return (
    <>
      <Divider titlePlacement="start">{t('valuesTitle')}</Divider>
      <Typography.Paragraph type="secondary">{t('valuesHint')}</Typography.Paragraph>
      {enabled.map((field) => (
        <Form.Item
          key={field.key}
          name={['field_values', field.key]}
          label={`${field.name} (${field.key})`}
          extra={field.description || undefined}
        >
          <FieldValueInput
            type={field.type}
            optional
            placeholder={
              field.type === 'switch'
                ? field.default_value
                  ? t('on')
                  : t('off')
                : String(field.default_value)
            }
          />
        </Form.Item>
      ))}
    </>
  );
}

/** Tags typed as build numbers become numbers; anything else stays as typed for the schema to refuse. */
const toCodes = (values: (string | number)[] | undefined) =>
  (values ?? []).map((v) => (typeof v === 'string' && /^[1-9]\d{0,9}$/.test(v.trim()) ? Number(v) : v));

/** The fields of a version; platform, channel and build number never change once created. */
export function ReleaseForm({ editing }: { editing: boolean }) {
  const { t } = useTranslation('releases');
  return (
    <>
      <PlatformChannelFields ns="releases" editing={editing} />
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
      <Form.Item name="changelog" label={t('changelog')} extra={t('changelogHint')}>
        <MultilangInput maxLength={CHANGELOG_MAX} multiline optional />
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
      <FieldValues />
    </>
  );
}
