import { Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { PROP_RARITIES, PROP_TYPES } from '@rx/contracts/props';
import { MultilangInput, StatusField, enumOptions } from '@/shared/crud/index.ts';
import { UploadField } from '@/shared/upload/index.ts';

/** The fields of a prop; the code is the id the game knows and never changes once created. */
export function PropForm({ editing }: { editing: boolean }) {
  const { t } = useTranslation('props');
  return (
    <>
      <Form.Item name="code" label={t('code')} required extra={t('codeHint')}>
        <Input disabled={editing} maxLength={64} />
      </Form.Item>
      <Form.Item name="name" label={t('name')} required>
        <MultilangInput maxLength={64} />
      </Form.Item>
      <Form.Item name="type" label={t('type')} required>
        <Select options={enumOptions(t, PROP_TYPES, 'types')} />
      </Form.Item>
      <Form.Item name="rarity" label={t('rarity')} required>
        <Select options={enumOptions(t, PROP_RARITIES, 'rarities')} />
      </Form.Item>
      <Form.Item name="icon_url" label={t('icon')}>
        <UploadField use="image" testId="prop-icon" />
      </Form.Item>
      <Form.Item name="stack_limit" label={t('stackLimit')} required>
        <InputNumber style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="expiry_days" label={t('expiryDays')} extra={t('expiryHint')}>
        <InputNumber style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="unit_value" label={t('unitValue')} extra={t('unitValueHint')}>
        <InputNumber style={{ width: '100%' }} min={0} precision={0} />
      </Form.Item>
      <Form.Item name="tags" label={t('tags')}>
        <Select mode="tags" tokenSeparators={[',', '，']} maxCount={20} />
      </Form.Item>
      <StatusField />
    </>
  );
}
