import { Checkbox, Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { PUBLISH_AREAS } from '@rx/contracts/acs';
import { GAME_PLATFORMS } from '@rx/contracts/products';
import { StatusField } from '@/shared/crud/index.ts';
import { UploadField } from '@/shared/upload/index.ts';

/** The fields of a product (a game). */
export function ProductForm() {
  const { t } = useTranslation('channels');
  return (
    <>
      <Form.Item name="code" label={t('product.code')} required extra={t('product.codeHint')}>
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item name="name" label={t('product.name')} required>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="icon_url" label={t('icon')}>
        <UploadField use="image" testId="product-icon" />
      </Form.Item>
      <Form.Item name="platforms" label={t('product.platforms')} required>
        <Checkbox.Group
          options={GAME_PLATFORMS.map((value) => ({ value, label: t(`platforms.${value}`) }))}
        />
      </Form.Item>
      <Form.Item name="region" label={t('region')} required extra={t('product.regionHint')}>
        <Radio.Group options={PUBLISH_AREAS.map((value) => ({ value, label: t(`regions.${value}`) }))} />
      </Form.Item>
      <StatusField />
    </>
  );
}
