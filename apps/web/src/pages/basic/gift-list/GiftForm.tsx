import { useCallback } from 'react';
import { Button, Checkbox, DatePicker, Flex, Form, InputNumber } from 'antd';
import MinusCircleOutlined from '@ant-design/icons/MinusCircleOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { GIFT_USES } from '@rx/contracts/gift-packages';
import { propsResource, type Prop } from '@rx/contracts/props';
import { MultilangInput, StatusField } from '@/shared/crud/index.ts';
import { useLocale } from '@/shared/i18n.ts';
import { textIn } from '@/shared/crud/ref-names.ts';
import { RefSelect } from '@/shared/crud/RefSelect.tsx';
import { UploadField } from '@/shared/upload/index.ts';

/** The form keeps times as the ISO strings the API takes; the picker works on dayjs. */
const asTime = {
  getValueProps: (value: string | null | undefined) => ({ value: value ? dayjs(value) : null }),
  normalize: (value: Dayjs | null) => (value ? value.format() : null),
};

const MAX_CONTENTS = 50;

/** A prop as the pickers show it: its immutable code and its name. */
export function usePropLabel() {
  const lang = useLocale((s) => s.language);
  return useCallback((prop: Prop) => `${prop.code} · ${textIn(prop.name, lang)}`, [lang]);
}

/** The fields of a gift package; contents are picked from the game's active props. */
export function GiftForm() {
  const { t } = useTranslation('gifts');
  const propLabel = usePropLabel();
  return (
    <>
      <Form.Item name="name" label={t('name')} required>
        <MultilangInput maxLength={64} />
      </Form.Item>
      <Form.Item label={t('contents')} required>
        <Form.List name="contents">
          {(fields, { add, remove }, { errors }) => (
            <Flex vertical gap={8}>
              {fields.map((field, index) => (
                <Flex key={field.key} gap={8} align="start">
                  <Form.Item name={[field.name, 'prop_id']} style={{ flex: 1, marginBlockEnd: 0 }}>
                    <RefSelect<Prop>
                      resource={propsResource.name}
                      filters={{ status: 'active' }}
                      label={propLabel}
                      aria-label={`${t('prop')} ${index + 1}`}
                      placeholder={t('propSearch')}
                    />
                  </Form.Item>
                  <Form.Item name={[field.name, 'quantity']} style={{ width: 140, marginBlockEnd: 0 }}>
                    <InputNumber
                      aria-label={`${t('quantity')} ${index + 1}`}
                      placeholder={t('quantity')}
                      style={{ width: '100%' }}
                    />
                  </Form.Item>
                  <Button
                    type="text"
                    icon={<MinusCircleOutlined />}
                    aria-label={t('removeProp')}
                    disabled={fields.length <= 1}
                    onClick={() => remove(field.name)}
                  />
                </Flex>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                disabled={fields.length >= MAX_CONTENTS}
                onClick={() => add({ quantity: 1 })}
              >
                {t('addProp')}
              </Button>
              {/* A rule on the whole list (each prop once) shows here. */}
              <Form.ErrorList errors={errors} />
            </Flex>
          )}
        </Form.List>
      </Form.Item>
      <Form.Item name="icon_url" label={t('icon')}>
        <UploadField use="image" testId="gift-icon" />
      </Form.Item>
      <Flex gap={16}>
        <Form.Item
          name="valid_from"
          label={t('validFrom')}
          extra={t('openEndHint')}
          style={{ flex: 1 }}
          {...asTime}
        >
          <DatePicker showTime style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="valid_to" label={t('validTo')} style={{ flex: 1 }} {...asTime}>
          <DatePicker showTime style={{ width: '100%' }} />
        </Form.Item>
      </Flex>
      <Form.Item name="per_player_limit" label={t('perPlayerLimit')} extra={t('zeroUnlimited')}>
        <InputNumber style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="usable_in" label={t('usableIn')} extra={t('usableInHint')}>
        <Checkbox.Group options={GIFT_USES.map((value) => ({ value, label: t(`uses.${value}`) }))} />
      </Form.Item>
      <StatusField />
    </>
  );
}
