import { useCallback } from 'react';
import { Flex, Form, Input, InputNumber, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { TimeField } from '@/shared/crud/TimeField.tsx';
import { CODE_BATCH_KINDS, CODE_MAX_QUANTITY, minRandomLength } from '@rx/contracts/code-batches';
import { giftResource, type GiftPackage } from '@rx/contracts/gift-packages';
import { useLocale } from '@/shared/i18n.ts';
import { textIn } from '@/shared/crud/ref-names.ts';
import { RefSelect } from '@/shared/crud/RefSelect.tsx';

const GIFT_FILTERS = { status: 'active', usable_in: 'codes' };

function useGiftLabel() {
  const lang = useLocale((s) => s.language);
  return useCallback((gift: GiftPackage) => `#${gift.id} · ${textIn(gift.name, lang)}`, [lang]);
}

/** A batch's fields: unique codes (length, prefix, quantity) or a keyword; reward, window, limits. */
export function CodeBatchForm() {
  const { t } = useTranslation('code-batches');
  const form = Form.useFormInstance();
  const kind = (Form.useWatch('kind', form) as string | undefined) ?? 'unique';
  const quantity = (Form.useWatch('quantity', form) as number | undefined) ?? 1;
  const prefix = (Form.useWatch('prefix', form) as string | undefined) ?? '';
  const least = prefix.length + minRandomLength(Math.max(1, Number(quantity) || 1));
  return (
    <>
      <Form.Item name="name" label={t('name')} required>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="kind" label={t('kind')}>
        <Radio.Group
          optionType="button"
          options={CODE_BATCH_KINDS.map((value) => ({ value, label: t(`kinds.${value}`) }))}
        />
      </Form.Item>
      {kind === 'keyword' ? (
        <Form.Item name="keyword" label={t('keyword')} required extra={t('keywordHint')}>
          <Input maxLength={32} style={{ textTransform: 'uppercase' }} />
        </Form.Item>
      ) : (
        <Flex gap={16} wrap>
          <Form.Item name="quantity" label={t('quantity')} required style={{ flex: '1 1 160px' }}>
            <InputNumber min={1} max={CODE_MAX_QUANTITY} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="prefix" label={t('prefix')} style={{ flex: '1 1 120px' }}>
            <Input maxLength={8} style={{ textTransform: 'uppercase' }} />
          </Form.Item>
          <Form.Item
            name="length"
            label={t('length')}
            required
            extra={t('lengthHint', { min: least })}
            style={{ flex: '1 1 160px' }}
          >
            <InputNumber min={6} max={32} style={{ width: '100%' }} />
          </Form.Item>
        </Flex>
      )}
      <Form.Item name="gift_package_id" label={t('gift')} required>
        <RefSelect<GiftPackage> resource={giftResource.name} filters={GIFT_FILTERS} label={useGiftLabel()} />
      </Form.Item>
      <Flex gap={16} wrap>
        <TimeField name="start_at" label={t('start')} style={{ flex: '1 1 200px' }} required />
        <TimeField name="end_at" label={t('end')} style={{ flex: '1 1 200px' }} required />
      </Flex>
      <Flex gap={16} wrap>
        <Form.Item
          name="total_limit"
          label={t('totalLimit')}
          extra={t('zeroUnlimited')}
          style={{ flex: '1 1 140px' }}
        >
          <InputNumber min={0} style={{ width: '100%' }} />
        </Form.Item>
        {kind === 'unique' && (
          <Form.Item name="per_code_limit" label={t('perCodeLimit')} style={{ flex: '1 1 140px' }}>
            <InputNumber min={1} style={{ width: '100%' }} />
          </Form.Item>
        )}
        <Form.Item name="per_player_limit" label={t('perPlayerLimit')} style={{ flex: '1 1 140px' }}>
          <InputNumber min={1} style={{ width: '100%' }} />
        </Form.Item>
      </Flex>
      <Form.Item name="group_key" label={t('groupKey')} extra={t('groupHint')}>
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item name="note" label={t('note')}>
        <Input.TextArea maxLength={500} rows={2} />
      </Form.Item>
    </>
  );
}
