import { Alert, Button, Form, Input, Radio, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { USER_GROUP_REFRESH, type RuleGroup } from '@rx/contracts/user-groups';
import { ApiError } from '@/shared/http.ts';
import { UploadField } from '@/shared/upload/index.ts';
import { usePreview } from './api.ts';
import { RuleBuilder } from '@/shared/rules/RuleBuilder.tsx';

/** The fields of a group: a rule (built, with its size previewed) or an uploaded openid list. */
export function UserGroupForm({ editing }: { editing: boolean }) {
  const { t } = useTranslation('user-groups');
  const form = Form.useFormInstance();
  const kind = Form.useWatch('kind', form) as 'rule' | 'list' | undefined;
  return (
    <>
      <Form.Item name="name" label={t('name')} required extra={t('nameHint')}>
        <Input disabled={editing} maxLength={64} data-testid="group-name" />
      </Form.Item>
      <Form.Item name="label" label={t('label')} required>
        <Input maxLength={64} data-testid="group-label" />
      </Form.Item>
      <Form.Item name="description" label={t('description')}>
        <Input.TextArea rows={2} maxLength={500} />
      </Form.Item>
      <Form.Item name="kind" label={t('kind')} required>
        <Radio.Group
          disabled={editing}
          options={[
            { value: 'rule', label: t('kinds.rule') },
            { value: 'list', label: t('kinds.list') },
          ]}
          onChange={(e) => {
            if (e.target.value === 'list') form.setFieldValue('rule', null);
          }}
        />
      </Form.Item>
      <Form.Item name="refresh" label={t('refresh')} extra={t('refreshHint')}>
        <Select options={USER_GROUP_REFRESH.map((value) => ({ value, label: t(`refreshes.${value}`) }))} />
      </Form.Item>
      {kind === 'list' ? (
        <>
          <Form.Item label={t('file')} required extra={t('fileHint')} name="file_id">
            <ListUpload />
          </Form.Item>
        </>
      ) : (
        <>
          <Form.Item name="rule" label={t('rule.title')} required>
            <RuleBuilder />
          </Form.Item>
          <PreviewSize />
        </>
      )}
    </>
  );
}

/** The openid list upload: the field's value is the uploaded file's id. */
function ListUpload({ value, onChange }: { value?: string | null; onChange?: (id: string) => void }) {
  const { t } = useTranslation('user-groups');
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <UploadField use="openid_list" onUploaded={(item) => onChange?.(item.id)} testId="group-file" />
      {value && (
        <Typography.Text type="secondary" data-testid="group-file-id">
          {t('fileReady')}
        </Typography.Text>
      )}
    </Space>
  );
}

/** "Preview size": how many players the rule in the form matches now. */
function PreviewSize() {
  const { t } = useTranslation('user-groups');
  const form = Form.useFormInstance();
  const preview = usePreview();
  const error =
    preview.error instanceof ApiError ? preview.error.msg : preview.error ? String(preview.error) : null;
  return (
    <Form.Item label={t('preview.title')}>
      <Space wrap>
        <Button
          data-testid="group-preview"
          loading={preview.isPending}
          onClick={() => preview.mutate(form.getFieldValue('rule') as RuleGroup)}
        >
          {t('preview.button')}
        </Button>
        {preview.data && (
          <Typography.Text strong data-testid="group-preview-count" aria-live="polite">
            {t('preview.count', { count: preview.data.count })}
          </Typography.Text>
        )}
      </Space>
      {error && (
        <Alert
          type="error"
          showIcon
          style={{ marginBlockStart: 8 }}
          title={t('preview.invalid')}
          description={error}
        />
      )}
    </Form.Item>
  );
}
