import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { PROFILE_TAG_SOURCES, PROFILE_TAG_TYPES } from '@rx/contracts/profile-tags';
import { RuleBuilder } from '@/shared/rules/RuleBuilder.tsx';
import { RuleFieldsPath } from '@/shared/rules/fields.ts';

/** The fields of a tag; the name and the type never change once created. */
export function TagForm({ editing }: { editing: boolean }) {
  const { t } = useTranslation('profile-tags');
  const form = Form.useFormInstance();
  const type = Form.useWatch('type', form);
  const source = Form.useWatch('source', form);
  return (
    <>
      <Form.Item name="name" label={t('name')} required extra={t('nameHint')}>
        <Input disabled={editing} maxLength={64} />
      </Form.Item>
      <Form.Item name="label" label={t('label')} required>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="type" label={t('type')} required>
        <Select
          disabled={editing}
          options={PROFILE_TAG_TYPES.map((value) => ({ value, label: t(`types.${value}`) }))}
        />
      </Form.Item>
      {type === 'enum' && (
        <Form.Item name="options" label={t('options')} required extra={t('optionsHint')}>
          <Select mode="tags" tokenSeparators={[',', '，']} maxCount={50} open={false} suffixIcon={null} />
        </Form.Item>
      )}
      <Form.Item name="source" label={t('source')} required extra={t(`sourceHints.${source ?? 'manual'}`)}>
        <Select options={PROFILE_TAG_SOURCES.map((value) => ({ value, label: t(`sources.${value}`) }))} />
      </Form.Item>
      {source === 'rule' && (
        <Form.Item name="rule" label={t('rule')} required extra={t('ruleHint')}>
          <RuleFieldsPath.Provider value="/profile-tags/rule-fields">
            <RuleBuilder />
          </RuleFieldsPath.Provider>
        </Form.Item>
      )}
      <Form.Item name="description" label={t('description')}>
        <Input.TextArea rows={3} maxLength={500} />
      </Form.Item>
    </>
  );
}
