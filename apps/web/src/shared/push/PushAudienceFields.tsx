import { useState } from 'react';
import {
  Alert,
  Button,
  Flex,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Typography,
  type SelectProps,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import {
  PUSH_PLATFORMS,
  type PushAudience,
  type PushAudienceAnswer,
  type PushFileReport,
} from '@rx/contracts/push';
import type { PushKind } from '@rx/contracts/dimensions';
import { useProduct } from '@/app/product/index.ts';
import { http } from '@/shared/http.ts';
import { enumOptions } from '@/shared/crud/index.ts';
import { RowsField } from '@/shared/crud/RowsField.tsx';
import { UploadField } from '@/shared/upload/index.ts';

/** What the audience count sends: the form's audience fields. */
const AUDIENCE_FIELDS = [
  'target',
  'user_group_ids',
  'user_group_layers',
  'openids',
  'providers',
  'countries',
  'tags',
  'file_id',
  'platforms',
  'app_version_min',
  'app_version_max',
  'app_versions',
  'active_days',
  'template_id',
] as const;

/**
 * Up to 50 typed values (versions, country codes), split at commas and spaces: a form control with
 * no list to pick from.
 */
export function ListedValues(props: SelectProps<string[]>) {
  return (
    <Select
      mode="tags"
      style={{ minWidth: 220 }}
      tokenSeparators={[',', '，', ' ']}
      maxCount={50}
      open={false}
      {...props}
    />
  );
}

interface Tag {
  id: number;
  name: string;
  label: string;
}

/** The game's profile tags (the profile-tags page's list); without its permission, the ids chosen stay. */
function TagSelect(props: {
  value?: number;
  onChange?: (id: number) => void;
  id?: string;
  'aria-label'?: string;
}) {
  const { t } = useTranslation('push');
  const productId = useProduct((s) => s.productId);
  const tags = useQuery({
    queryKey: ['profile-tags', productId, 'choices'],
    queryFn: () => http.get<{ list: Tag[] }>('/profile-tags', { page_size: 100 }, { silent: true }),
    enabled: !!productId,
    retry: false,
  });
  const options = (tags.data?.list ?? []).map((tag) => ({ value: tag.id, label: tag.label || tag.name }));
  if (props.value && !options.some((o) => o.value === props.value))
    options.push({ value: props.value, label: `#${props.value}` });
  return (
    <Select
      {...props}
      showSearch={{ optionFilterProp: 'label' }}
      loading={tags.isLoading}
      options={options}
      placeholder={tags.isError ? t('audience.tagsUnavailable') : t('audience.pickTag')}
    />
  );
}

/** The openid file: its upload (the field's value is the file's id) and what the last count read of it. */
function OpenidFile({ value, onChange }: { value?: string | null; onChange?: (id: string) => void }) {
  const { t } = useTranslation('push');
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <UploadField use="openid_list" onUploaded={(item) => onChange?.(item.id)} testId="push-file" />
      {value && <Typography.Text type="secondary">{t('audience.fileReady')}</Typography.Text>}
    </Space>
  );
}

/** What an openid file held: read, kept, and each kind left out (with the first lines of it). */
function FileReport({ report }: { report: PushFileReport }) {
  const { t } = useTranslation('push');
  return (
    <Alert
      type={report.duplicates + report.malformed + report.unknown ? 'warning' : 'info'}
      data-testid="push-file-report"
      message={t('audience.fileReport', report)}
      description={
        report.samples.length ? (
          <ul style={{ margin: 0, paddingInlineStart: 20 }}>
            {report.samples.map((s) => (
              <li key={s.line}>
                {t('audience.fileLine', {
                  line: s.line,
                  openid: s.openid,
                  reason: t(`audience.reasons.${s.reason}`),
                })}
              </li>
            ))}
          </ul>
        ) : undefined
      }
    />
  );
}

/**
 * The audience beyond everyone, groups and listed players: profile tags (any value or one), an
 * uploaded openid file, and the narrowings by platform, app version and last sign-in; then the
 * count of devices and players it reaches now, as the send will resolve it.
 */
export function PushAudienceFields({ kind }: { kind: PushKind }) {
  const { t } = useTranslation('push');
  const form = Form.useFormInstance();
  const target = Form.useWatch('target');
  const [count, setCount] = useState<PushAudienceAnswer | null>(null);
  const [counting, setCounting] = useState(false);
  const countNow = async () => {
    setCounting(true);
    try {
      const values = form.getFieldsValue(AUDIENCE_FIELDS as unknown as string[]) as PushAudience;
      setCount(await http.post<PushAudienceAnswer>(`/push-tasks/audience?kind=${kind}`, values));
    } catch {
      setCount(null);
    } finally {
      setCounting(false);
    }
  };
  return (
    <>
      {target === 'tags' && (
        <Form.Item label={t('audience.tags')} required extra={t('audience.tagsHint')}>
          <RowsField
            name="tags"
            max={20}
            wrap
            testId="push-tags"
            newRow={{ tag_id: undefined, value: '' }}
            removeLabel={(index) => t('audience.removeTag', { n: index + 1 })}
            addLabel={t('audience.addTag')}
            row={(field, index) => (
              <>
                <Form.Item name={[field.name, 'tag_id']} style={{ width: 220, marginBlockEnd: 0 }}>
                  <TagSelect aria-label={`${t('audience.tag')} ${index + 1}`} />
                </Form.Item>
                <Form.Item name={[field.name, 'value']} style={{ flex: 1, minWidth: 160, marginBlockEnd: 0 }}>
                  <Input
                    aria-label={`${t('audience.tagValue')} ${index + 1}`}
                    maxLength={64}
                    placeholder={t('audience.anyValue')}
                  />
                </Form.Item>
              </>
            )}
          />
        </Form.Item>
      )}
      {target === 'file' && (
        <Form.Item name="file_id" label={t('audience.file')} required extra={t('audience.fileHint')}>
          <OpenidFile />
        </Form.Item>
      )}
      <Flex gap={16} wrap>
        <Form.Item name="platforms" label={t('audience.platforms')} extra={t('task.emptyMeansAll')}>
          <Select
            mode="multiple"
            style={{ minWidth: 220 }}
            data-testid="push-platforms"
            options={enumOptions(t, PUSH_PLATFORMS, 'platforms')}
          />
        </Form.Item>
        <Form.Item name="active_days" label={t('audience.activeDays')} extra={t('audience.activeDaysHint')}>
          <InputNumber min={1} max={365} />
        </Form.Item>
      </Flex>
      <Flex gap={16} wrap>
        <Form.Item name="app_version_min" label={t('audience.versionMin')}>
          <Input maxLength={32} placeholder="1.2.0" style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="app_version_max" label={t('audience.versionMax')}>
          <Input maxLength={32} placeholder="2.0" style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="app_versions" label={t('audience.versions')} extra={t('audience.versionsHint')}>
          <ListedValues placeholder="1.4.2, 1.5.0" />
        </Form.Item>
      </Flex>
      <Form.Item label={t('audience.count')}>
        <Space direction="vertical" style={{ width: '100%' }}>
          <Button onClick={() => void countNow()} loading={counting} data-testid="push-count">
            {t('audience.countNow')}
          </Button>
          {count && (
            <Typography.Text data-testid="push-count-result">
              {t('audience.counted', { devices: count.devices, players: count.players })}
            </Typography.Text>
          )}
          {count?.file && <FileReport report={count.file} />}
        </Space>
      </Form.Item>
    </>
  );
}
