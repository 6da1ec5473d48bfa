import { useCallback, useMemo } from 'react';
import { Space, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { giftResource, type GiftPackage } from '@rx/contracts/gift-packages';
import { webGoodsResource, type WebGood } from '@rx/contracts/web-shop';
import { useProduct } from '@/app/product/index.ts';
import { statusColumn, updatedAtColumn } from '@/shared/crud/index.ts';
import { ResourceListPage } from '@/shared/crud/ResourceListPage.tsx';
import { textIn } from '@/shared/crud/ref-names.ts';
import { useNames } from '@/shared/crud/RefSelect.tsx';
import { formatDateTime, formatMoney } from '@/shared/format.ts';
import { useLocale } from '@/shared/i18n.ts';
import { GoodForm } from './GoodForm.tsx';

const EMPTY_NAME = { zh: '', en: '', ja: '', th: '', vi: '', tl: '', id: '', ar: '', tc: '' };
const NEW_GOOD = {
  sku: '',
  name: EMPTY_NAME,
  gift_package_id: null,
  currency_code: '',
  currency_amount: 0,
  prices: [{ country: 'US', currency: 'USD', amount: 499 }],
  bonus_kind: 'none',
  bonus_percent: 0,
  bonus_gift_id: null,
  limit_daily: 0,
  limit_total: 0,
  sale_start: null,
  sale_end: null,
  sort_order: 0,
  status: 'active',
};

/** Web recharge site goods: web-only SKUs with a price per country, reward, bonus, limits and sale window. */
export function GoodsPage() {
  const { t } = useTranslation('webShop');
  const lang = useLocale((s) => s.language);
  const productId = useProduct((s) => s.productId);
  const giftLabel = useCallback((gift: GiftPackage) => `#${gift.id} · ${textIn(gift.name, lang)}`, [lang]);
  const giftNames = useNames<GiftPackage>(giftResource.name, giftLabel, productId !== null);
  const columns = useMemo<ColumnsType<WebGood>>(
    () => [
      {
        title: t('goods.sku'),
        dataIndex: 'sku',
        width: 150,
        sorter: true,
        render: (v: string) => <span dir="ltr">{v}</span>,
      },
      { title: t('goods.name'), key: 'name', width: 160, render: (_, g) => textIn(g.name, lang) },
      {
        title: t('goods.reward'),
        key: 'reward',
        width: 200,
        render: (_, g) => (
          <Space size={4} wrap>
            {g.gift_package_id !== null && (
              <Tag>{giftNames.get(g.gift_package_id) ?? `#${g.gift_package_id}`}</Tag>
            )}
            {g.currency_amount > 0 && (
              <Tag color="gold">
                <span dir="ltr">
                  {g.currency_amount} {g.currency_code}
                </span>
              </Tag>
            )}
          </Space>
        ),
      },
      {
        title: t('goods.prices'),
        key: 'prices',
        width: 200,
        render: (_, g) => (
          <Tooltip
            title={g.prices.map((p) => (
              <div key={p.country} dir="ltr">
                {p.country} · {formatMoney(p.amount, p.currency)}
              </div>
            ))}
          >
            <span dir="ltr">
              {g.prices
                .slice(0, 2)
                .map((p) => `${p.country} ${formatMoney(p.amount, p.currency)}`)
                .join(' · ')}
              {g.prices.length > 2 && ` +${g.prices.length - 2}`}
            </span>
          </Tooltip>
        ),
      },
      {
        title: t('goods.bonus'),
        key: 'bonus',
        width: 120,
        render: (_, g) =>
          g.bonus_kind === 'percent'
            ? `+${g.bonus_percent}%`
            : g.bonus_kind === 'gift' && g.bonus_gift_id !== null
              ? (giftNames.get(g.bonus_gift_id) ?? `#${g.bonus_gift_id}`)
              : '—',
      },
      {
        title: t('goods.limits'),
        key: 'limits',
        width: 130,
        render: (_, g) =>
          t('goods.limitsValue', {
            daily: g.limit_daily || '∞',
            total: g.limit_total || '∞',
          }),
      },
      {
        title: t('goods.saleWindow'),
        key: 'sale_start',
        width: 180,
        sorter: true,
        render: (_, g) => [g.sale_start, g.sale_end].map((v) => (v ? formatDateTime(v) : '∞')).join(' ~ '),
      },
      { title: t('goods.sortOrder'), dataIndex: 'sort_order', width: 90, sorter: true },
      statusColumn<WebGood>(t),
      updatedAtColumn<WebGood>(t),
    ],
    [t, lang, giftNames],
  );

  return (
    <ResourceListPage<WebGood>
      resource={webGoodsResource}
      title={t('menu:page.webGoods')}
      columns={columns}
      search={[
        { name: 'country', label: t('goods.country'), width: 120 },
        {
          name: 'status',
          label: t('crud:field.status'),
          kind: 'select',
          options: ['active', 'disabled'].map((value) => ({ value, label: t(`crud:status.${value}`) })),
        },
      ]}
      newItem={NEW_GOOD}
      nameOf={(good) => `${good.sku} · ${textIn(good.name, lang)}`}
      formTitle={{ create: t('goods.createTitle'), edit: t('goods.editTitle') }}
      form={(editing) => <GoodForm editing={editing !== 'new'} />}
      defaultSort="sort_order"
      sortFields={{ sale_start: 'sale_start' }}
      drawerWidth={760}
    />
  );
}
