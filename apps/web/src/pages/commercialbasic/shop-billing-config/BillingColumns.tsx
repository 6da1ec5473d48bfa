import { useMemo } from 'react';
import { Button, Popconfirm, Space, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { BillingPoint } from '@rx/contracts/billing-points';
import { refName } from '@/shared/crud/ref-names.ts';
import { priceSummary } from './billing-helpers.ts';
import { STATUS_COLORS } from './VersionsDrawer.tsx';
import { updatedAtColumn, actionsColumn } from '@/shared/crud/index.ts';

export interface BillingActions {
  canEdit: boolean;
  canDelete: boolean;
  giftNames: ReadonlyMap<number, string>;
  channelNames: ReadonlyMap<number, string>;
  onEdit: (point: BillingPoint) => void;
  onVersions: (point: BillingPoint) => void;
  onDelete: (point: BillingPoint) => Promise<unknown>;
}

/** The billing list's columns; old versions (not current) can be looked at, not edited. */
export function useBillingColumns(actions: BillingActions): ColumnsType<BillingPoint> {
  const { t } = useTranslation('billing');
  return useMemo<ColumnsType<BillingPoint>>(
    () => [
      { title: 'ID', dataIndex: 'id', width: 70, sorter: true },
      { title: t('name'), dataIndex: 'name', width: 160, sorter: true },
      {
        title: t('channel'),
        dataIndex: 'channel_id',
        width: 150,
        render: (id: number) => refName(actions.channelNames, id),
      },
      {
        title: t('store'),
        dataIndex: 'store',
        width: 120,
        sorter: true,
        render: (v: string) => t(`stores.${v}`),
      },
      { title: t('storeSku'), dataIndex: 'store_sku', width: 160, sorter: true },
      {
        title: t('prices'),
        dataIndex: 'prices',
        width: 160,
        render: (prices: BillingPoint['prices']) => priceSummary(prices),
      },
      {
        title: t('reward'),
        dataIndex: 'reward_gift_id',
        width: 160,
        render: (id: number) => refName(actions.giftNames, id),
      },
      {
        title: t('bonus'),
        dataIndex: 'bonus_gift_id',
        width: 150,
        render: (id: number | null) => (id === null ? '—' : refName(actions.giftNames, id)),
      },
      {
        title: t('limits'),
        key: 'limits',
        width: 120,
        render: (_, p) =>
          [p.limit_per_player, p.limit_daily].map((n) => (n === 0 ? '∞' : String(n))).join(' / '),
      },
      {
        title: t('kind'),
        dataIndex: 'kind',
        width: 110,
        sorter: true,
        render: (v: string) => t(`kinds.${v}`),
      },
      {
        title: t('crud:field.status'),
        dataIndex: 'status',
        width: 150,
        sorter: true,
        render: (v: string, p) => (
          <Space size={2} wrap>
            <Tag color={STATUS_COLORS[v]}>{t(`statuses.${v}`)}</Tag>
            {p.sandbox && <Tag color="purple">{t('sandbox')}</Tag>}
            <Tooltip title={t('versions.tip')}>
              <Tag>v{p.sku_version}</Tag>
            </Tooltip>
          </Space>
        ),
      },
      updatedAtColumn(t),
      actionsColumn(t, 190, (p) => (
        <Space size={0}>
          {actions.canEdit && p.current && (
            <Button type="link" size="small" onClick={() => actions.onEdit(p)}>
              {t('crud:action.edit')}
            </Button>
          )}
          <Button type="link" size="small" onClick={() => actions.onVersions(p)}>
            {t('versions.button')}
          </Button>
          {actions.canDelete && p.current && (
            <Popconfirm
              title={t('crud:action.confirmDelete', { name: p.name })}
              onConfirm={() => actions.onDelete(p)}
            >
              <Button type="link" size="small" danger>
                {t('crud:action.delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      )),
    ],
    [t, actions],
  );
}
