import { useCallback } from 'react';
import { Checkbox, Flex, Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { TimeField } from '@/shared/crud/TimeField.tsx';
import { RowsField } from '@/shared/crud/RowsField.tsx';
import { GIFT_USES } from '@rx/contracts/gift-packages';
import { propsResource, type Prop } from '@rx/contracts/props';
import { MultilangInput, StatusField } from '@/shared/crud/index.ts';
import { useLocale } from '@/shared/i18n.ts';
import { textIn } from '@/shared/crud/ref-names.ts';
import { RefSelect } from '@/shared/crud/RefSelect.tsx';
import { UploadField } from '@/shared/upload/index.ts';

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
        <RowsField
          name="contents"
          max={MAX_CONTENTS}
          removeLabel={() => t('removeProp')}
          addLabel={t('addProp')}
          newRow={{ quantity: 1 }}
          row={(field, index) => (
            <>
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
            </>
          )}
        />
      </Form.Item>
      <Form.Item name="icon_url" label={t('icon')}>
        <UploadField use="image" testId="gift-icon" />
      </Form.Item>
      <Flex gap={16}>
        <TimeField name="valid_from" label={t('validFrom')} extra={t('openEndHint')} style={{ flex: 1 }} />
        <TimeField name="valid_to" label={t('validTo')} style={{ flex: 1 }} />
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
