import { AutoComplete, Checkbox, Flex, Form, Input, InputNumber, Switch, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { MultilangInput } from '@/shared/crud/index.ts';
import type { ParentOption } from './tree-helpers.ts';

interface FeedbackTypeFormProps {
  editing: boolean;
  parents: ParentOption[];
  queues: string[];
}

/** The fields of a feedback type; the parent changes through "move", the code never. */
export function FeedbackTypeForm({ editing, parents, queues }: FeedbackTypeFormProps) {
  const { t } = useTranslation('feedbackTypes');
  return (
    <>
      <Form.Item name="code" label={t('code')} required extra={t('codeHint')}>
        <Input disabled={editing} maxLength={32} />
      </Form.Item>
      <Form.Item name="parent_id" label={t('parent')} extra={editing ? t('parentHint') : undefined}>
        <TreeSelect
          allowClear
          disabled={editing}
          treeData={parents}
          treeDefaultExpandAll
          placeholder={t('topLevel')}
        />
      </Form.Item>
      <Form.Item name="name" label={t('name')} required>
        <MultilangInput maxLength={64} />
      </Form.Item>
      <Form.Item label={t('required')} extra={t('requiredHint')}>
        <Flex gap={16} wrap>
          <Form.Item name="require_order_no" valuePropName="checked" noStyle>
            <Checkbox>{t('requireOrderNo')}</Checkbox>
          </Form.Item>
          <Form.Item name="require_screenshot" valuePropName="checked" noStyle>
            <Checkbox>{t('requireScreenshot')}</Checkbox>
          </Form.Item>
          <Form.Item name="require_server_role" valuePropName="checked" noStyle>
            <Checkbox>{t('requireServerRole')}</Checkbox>
          </Form.Item>
        </Flex>
      </Form.Item>
      <Form.Item name="queue" label={t('queue')} required extra={t('queueHint')}>
        <AutoComplete options={queues.map((value) => ({ value }))} />
      </Form.Item>
      <Form.Item name="auto_reply" label={t('autoReply')} extra={t('autoReplyHint')}>
        <MultilangInput multiline optional maxLength={1000} />
      </Form.Item>
      <Flex gap={32}>
        <Form.Item name="sort" label={t('sort')} extra={t('sortHint')}>
          <InputNumber />
        </Form.Item>
        <Form.Item name="enabled" label={t('enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Flex>
    </>
  );
}
