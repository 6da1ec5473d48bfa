import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { BUG_PRIORITIES, BUG_SEVERITIES } from '@rx/contracts/bugs';
import { MAX_EVIDENCE } from '@rx/contracts/testing';
import { enumOptions } from '@/shared/crud/index.ts';
import { AssigneeSelect, VersionSelect } from '@/shared/release/pickers.tsx';
import { ImagesField } from '@/shared/upload/ImagesField.tsx';

/** The fields of a bug (its status moves by the row's actions, not here). */
export function BugForm() {
  const { t } = useTranslation('bugs');
  return (
    <>
      <Form.Item name="title" label={t('title')} required>
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item name="severity" label={t('severity')} required>
        <Select options={enumOptions(t, BUG_SEVERITIES, 'severities')} />
      </Form.Item>
      <Form.Item name="priority" label={t('priority')} required>
        <Select options={enumOptions(t, BUG_PRIORITIES, 'priorities')} />
      </Form.Item>
      <Form.Item name="steps" label={t('steps')} extra={t('stepsHint')}>
        <Input.TextArea maxLength={4000} autoSize={{ minRows: 3, maxRows: 10 }} />
      </Form.Item>
      <Form.Item name="assignee_id" label={t('assignee')} extra={t('assigneeHint')}>
        <AssigneeSelect />
      </Form.Item>
      <Form.Item name="found_release_id" label={t('foundVersion')}>
        <VersionSelect allowClear />
      </Form.Item>
      <Form.Item name="fixed_release_id" label={t('fixedVersion')}>
        <VersionSelect allowClear />
      </Form.Item>
      <Form.Item
        name="attachments"
        label={t('attachments')}
        extra={t('attachmentsHint', { max: MAX_EVIDENCE })}
      >
        <ImagesField
          max={MAX_EVIDENCE}
          label={(i) => t('attachmentN', { n: i + 1 })}
          testId="bug-attachments"
        />
      </Form.Item>
    </>
  );
}
