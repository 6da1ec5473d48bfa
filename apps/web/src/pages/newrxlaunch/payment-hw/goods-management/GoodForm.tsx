import { Flex, Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { StatusField } from '@/shared/crud/index.ts';
import { TimeField } from '@/shared/crud/TimeField.tsx';
import { RowsField } from '@/shared/crud/RowsField.tsx';
import { giftResource, type GiftPackage } from '@rx/contracts/gift-packages';
import { WEB_BONUS_KINDS } from '@rx/contracts/web-shop';
import { MultilangInput } from '@/shared/crud/index.ts';
import { textIn } from '@/shared/crud/ref-names.ts';
import { RefSelect } from '@/shared/crud/RefSelect.tsx';
import { useLocale } from '@/shared/i18n.ts';

/** A cleared picker is null (no gift), not absent. */
const orNull = { normalize: (value: unknown) => value ?? null };
const upper = { normalize: (value: string | undefined) => (value ?? '').toUpperCase() };

const MAX_PRICES = 250;

/** The fields of a web good: SKU (fixed once created), reward, price per country, bonus, limits, sale window. */
export function GoodForm({ editing }: { editing: boolean }) {
  const { t } = useTranslation('webShop');
  const lang = useLocale((s) => s.language);
  const bonusKind = Form.useWatch<string>('bonus_kind');
  const giftLabel = (gift: GiftPackage) => `#${gift.id} · ${textIn(gift.name, lang)}`;
  return (
    <>
      <Form.Item
        name="sku"
        label={t('goods.sku')}
        extra={editing ? t('goods.skuFixed') : t('goods.skuHint')}
        required
      >
        <Input disabled={editing} maxLength={64} dir="ltr" />
      </Form.Item>
      <Form.Item name="name" label={t('goods.name')} required>
        <MultilangInput maxLength={64} />
      </Form.Item>
      <Form.Item name="gift_package_id" label={t('goods.gift')} extra={t('goods.rewardHint')} {...orNull}>
        <RefSelect<GiftPackage>
          resource={giftResource.name}
          filters={{ status: 'active' }}
          label={giftLabel}
          allowClear
          aria-label={t('goods.gift')}
          placeholder={t('goods.giftSearch')}
        />
      </Form.Item>
      <Flex gap={16} wrap>
        <Form.Item name="currency_code" label={t('goods.currencyCode')} style={{ flex: '1 1 160px' }}>
          <Input maxLength={32} dir="ltr" placeholder="gem" />
        </Form.Item>
        <Form.Item name="currency_amount" label={t('goods.currencyAmount')} style={{ flex: '1 1 160px' }}>
          <InputNumber min={0} style={{ width: '100%' }} />
        </Form.Item>
      </Flex>
      <Form.Item label={t('goods.prices')} required extra={t('goods.pricesHint')}>
        <RowsField
          name="prices"
          max={MAX_PRICES}
          removeLabel={(index) => `${t('goods.removePrice')} ${index + 1}`}
          addLabel={t('goods.addPrice')}
          newRow={{ country: '', currency: '', amount: 100 }}
          wrap
          testId="price-table"
          row={(field, index) => (
            <>
              <Form.Item name={[field.name, 'country']} style={{ width: 90, marginBlockEnd: 0 }} {...upper}>
                <Input
                  maxLength={2}
                  dir="ltr"
                  aria-label={`${t('goods.country')} ${index + 1}`}
                  placeholder={t('goods.country')}
                />
              </Form.Item>
              <Form.Item name={[field.name, 'currency']} style={{ width: 90, marginBlockEnd: 0 }} {...upper}>
                <Input
                  maxLength={3}
                  dir="ltr"
                  aria-label={`${t('goods.currency')} ${index + 1}`}
                  placeholder={t('goods.currency')}
                />
              </Form.Item>
              <Form.Item name={[field.name, 'amount']} style={{ flex: '1 1 120px', marginBlockEnd: 0 }}>
                <InputNumber
                  min={1}
                  style={{ width: '100%' }}
                  aria-label={`${t('goods.amount')} ${index + 1}`}
                  placeholder={t('goods.amount')}
                />
              </Form.Item>
            </>
          )}
        />
      </Form.Item>
      <Flex gap={16} wrap>
        <Form.Item name="bonus_kind" label={t('goods.bonus')} style={{ flex: '1 1 160px' }}>
          <Select
            aria-label={t('goods.bonus')}
            options={WEB_BONUS_KINDS.map((value) => ({ value, label: t(`bonusKinds.${value}`) }))}
          />
        </Form.Item>
        {bonusKind === 'percent' && (
          <Form.Item name="bonus_percent" label={t('goods.bonusPercent')} style={{ flex: '1 1 160px' }}>
            <InputNumber min={0} max={1000} suffix="%" style={{ width: '100%' }} />
          </Form.Item>
        )}
        {bonusKind === 'gift' && (
          <Form.Item
            name="bonus_gift_id"
            label={t('goods.bonusGift')}
            style={{ flex: '1 1 240px' }}
            {...orNull}
          >
            <RefSelect<GiftPackage>
              resource={giftResource.name}
              filters={{ status: 'active' }}
              label={giftLabel}
              allowClear
              aria-label={t('goods.bonusGift')}
            />
          </Form.Item>
        )}
      </Flex>
      <Flex gap={16} wrap>
        <Form.Item
          name="limit_daily"
          label={t('goods.limitDaily')}
          extra={t('goods.zeroUnlimited')}
          style={{ flex: '1 1 160px' }}
        >
          <InputNumber min={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="limit_total" label={t('goods.limitTotal')} style={{ flex: '1 1 160px' }}>
          <InputNumber min={0} style={{ width: '100%' }} />
        </Form.Item>
      </Flex>
      <Flex gap={16} wrap>
        <TimeField
          name="sale_start"
          label={t('goods.saleStart')}
          extra={t('goods.openEnd')}
          style={{ flex: '1 1 200px' }}
        />
        <TimeField name="sale_end" label={t('goods.saleEnd')} style={{ flex: '1 1 200px' }} />
      </Flex>
      <Flex gap={16} wrap>
        <Form.Item name="sort_order" label={t('goods.sortOrder')} style={{ flex: '1 1 160px' }}>
          <InputNumber min={0} style={{ width: '100%' }} />
        </Form.Item>
        <StatusField style={{ flex: '1 1 160px' }} />
      </Flex>
    </>
  );
}
