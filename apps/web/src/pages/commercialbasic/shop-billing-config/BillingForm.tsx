import { useCallback } from 'react';
import { Alert, AutoComplete, Flex, Form, Input, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { RowsField } from '@/shared/crud/RowsField.tsx';
import {
  BILLING_KINDS,
  EDITABLE_BILLING_STATUSES,
  STORES,
  type BillingPoint,
} from '@rx/contracts/billing-points';
import type { Channel } from '@rx/contracts/channels';
import { giftResource, type GiftPackage } from '@rx/contracts/gift-packages';
import { useLocale } from '@/shared/i18n.ts';
import { channelLabel, textIn } from '@/shared/crud/ref-names.ts';
import { RefSelect } from '@/shared/crud/RefSelect.tsx';
import { CURRENCIES, makesNewVersion } from './billing-helpers.ts';

const GIFT_FILTERS = { status: 'active', usable_in: 'billing_point' };
const CHANNEL_FILTERS = { status: 'active' };

export function useGiftLabel() {
  const lang = useLocale((s) => s.language);
  return useCallback((gift: GiftPackage) => `#${gift.id} · ${textIn(gift.name, lang)}`, [lang]);
}

/** What saving will do to a live SKU, updated as the gifts are changed. */
function LiveNotice({ before }: { before: BillingPoint }) {
  const { t } = useTranslation('billing');
  const form = Form.useFormInstance();
  const reward = Form.useWatch('reward_gift_id', form) as number | undefined;
  const bonus = Form.useWatch('bonus_gift_id', form) as number | null | undefined;
  const next = makesNewVersion(before, { reward_gift_id: reward, bonus_gift_id: bonus });
  return (
    <Alert
      type={next ? 'warning' : 'info'}
      showIcon
      style={{ marginBlockEnd: 16 }}
      title={t('live.title', { version: before.sku_version })}
      description={
        next
          ? t('live.newVersion', { next: before.sku_version + 1, current: before.sku_version })
          : t('live.rule')
      }
      data-testid="billing-live-notice"
    />
  );
}

/** The fields of a billing point; `before` is the row being edited (none for a new one). */
export function BillingForm({ before }: { before?: BillingPoint }) {
  const { t } = useTranslation('billing');
  const giftLabel = useGiftLabel();
  const live = before?.status === 'live';
  return (
    <>
      {live && <LiveNotice before={before} />}
      <Form.Item name="name" label={t('name')} required>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="channel_id" label={t('channel')} required>
        <RefSelect<Channel> resource="channels" filters={CHANNEL_FILTERS} label={channelLabel} />
      </Form.Item>
      <Flex gap={16}>
        <Form.Item name="store" label={t('store')} required style={{ flex: 1 }}>
          <Select disabled={live} options={STORES.map((value) => ({ value, label: t(`stores.${value}`) }))} />
        </Form.Item>
        <Form.Item
          name="store_sku"
          label={t('storeSku')}
          required
          style={{ flex: 1 }}
          extra={live ? t('live.frozen') : t('storeSkuHint')}
        >
          <Input disabled={live} maxLength={128} />
        </Form.Item>
      </Flex>
      <Form.Item label={t('prices')} required extra={t('pricesHint')}>
        <RowsField
          name="prices"
          max={40}
          removeLabel={() => t('removePrice')}
          addLabel={t('addPrice')}
          row={(field, index) => (
            <>
              <Form.Item
                name={[field.name, 'currency']}
                style={{ width: 140, marginBlockEnd: 0 }}
                normalize={(v: string) => v.toUpperCase()}
              >
                <AutoComplete
                  aria-label={`${t('currency')} ${index + 1}`}
                  placeholder={t('currency')}
                  options={CURRENCIES.map((value) => ({ value }))}
                  showSearch={{
                    filterOption: (input, option) =>
                      String(option?.value ?? '').startsWith(input.toUpperCase()),
                  }}
                />
              </Form.Item>
              <Form.Item name={[field.name, 'amount']} style={{ flex: 1, marginBlockEnd: 0 }}>
                <InputNumber
                  aria-label={`${t('amount')} ${index + 1}`}
                  placeholder={t('amount')}
                  style={{ width: '100%' }}
                />
              </Form.Item>
            </>
          )}
        />
      </Form.Item>
      <Form.Item name="reward_gift_id" label={t('reward')} required extra={t('giftHint')}>
        <RefSelect<GiftPackage> resource={giftResource.name} filters={GIFT_FILTERS} label={giftLabel} />
      </Form.Item>
      <Form.Item name="bonus_gift_id" label={t('bonus')} extra={t('bonusHint')}>
        <RefSelect<GiftPackage>
          resource={giftResource.name}
          filters={GIFT_FILTERS}
          label={giftLabel}
          allowClear
        />
      </Form.Item>
      <Flex gap={16}>
        <Form.Item
          name="limit_per_player"
          label={t('limitPerPlayer')}
          extra={t('zeroUnlimited')}
          style={{ flex: 1 }}
        >
          <InputNumber style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="limit_daily" label={t('limitDaily')} extra={t('zeroUnlimited')} style={{ flex: 1 }}>
          <InputNumber style={{ width: '100%' }} />
        </Form.Item>
      </Flex>
      <Flex gap={16}>
        <Form.Item name="kind" label={t('kind')} style={{ flex: 1 }}>
          <Select options={BILLING_KINDS.map((value) => ({ value, label: t(`kinds.${value}`) }))} />
        </Form.Item>
        <Form.Item name="status" label={t('crud:field.status')} style={{ flex: 1 }}>
          <Select
            options={EDITABLE_BILLING_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) }))}
          />
        </Form.Item>
      </Flex>
      <Form.Item name="sandbox" label={t('sandbox')} valuePropName="checked" extra={t('sandboxHint')}>
        <Switch />
      </Form.Item>
    </>
  );
}
