import { Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { PROP_RARITIES, PROP_TYPES } from '@rx/contracts/props';
import { MultilangInput } from '@/shared/crud/index.ts';
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
        <Select options={PROP_TYPES.map((value) => ({ value, label: t(`types.${value}`) }))} />
      </Form.Item>
      <Form.Item name="rarity" label={t('rarity')} required>
        <Select options={PROP_RARITIES.map((value) => ({ value, label: t(`rarities.${value}`) }))} />
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
      <Form.Item name="status" label={t('crud:field.status')}>
        <Select
          options={[
            { value: 'active', label: t('crud:status.active') },
            { value: 'disabled', label: t('crud:status.disabled') },
          ]}
        />
      </Form.Item>
    </>
  );
}
