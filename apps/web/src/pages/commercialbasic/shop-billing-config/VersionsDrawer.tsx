import { Alert, Descriptions, Drawer, Flex, Tag, Timeline, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { billingResource, type BillingPoint } from '@rx/contracts/billing-points';
import { resourceKey } from '@/shared/crud/index.ts';
import { http } from '@/shared/http.ts';
import { refName } from '@/shared/crud/ref-names.ts';
import { priceSummary, versionChanges, type VersionField } from './billing-helpers.ts';
import { formatDateTime } from '@/shared/format.ts';

export const STATUS_COLORS: Record<string, string> = {
  draft: 'blue',
  live: 'success',
  disabled: 'default',
  retired: 'default',
};

interface VersionsDrawerProps {
  point: BillingPoint | null;
  giftNames: ReadonlyMap<number, string>;
  onClose: () => void;
}

/**
 * Every version of a SKU, oldest first: what each one hands out and what changed from the one
 * before. A live SKU's reward changes only through a new version, so orders keep what they bought.
 */
export function VersionsDrawer({ point, giftNames, onClose }: VersionsDrawerProps) {
  const { t } = useTranslation('billing');
  const versions = useQuery({
    queryKey: resourceKey(billingResource.name, 'versions', point?.id),
    queryFn: ({ signal }) =>
      http.get<BillingPoint[]>(`/${billingResource.name}/${point!.id}/versions`, undefined, { signal }),
    enabled: point !== null,
  });
  const rows = versions.data ?? [];
  const gift = (id: number | null) => (id === null ? t('none') : refName(giftNames, id));
  return (
    <Drawer
      open={point !== null}
      title={point ? t('versions.title', { sku: `${t(`stores.${point.store}`)} · ${point.store_sku}` }) : ''}
      size={560}
      onClose={onClose}
      destroyOnHidden
      loading={versions.isLoading}
    >
      <Alert type="info" showIcon title={t('versions.rule')} style={{ marginBlockEnd: 16 }} />
      <Timeline
        items={rows.map((row, index) => {
          const changed = new Set(versionChanges(rows[index - 1], row));
          // What changed from the version before is highlighted.
          const show = (field: VersionField, value: string) =>
            changed.has(field) ? <Typography.Text mark>{value}</Typography.Text> : value;
          return {
            key: row.id,
            color: row.current ? 'green' : 'gray',
            title: (
              <Flex gap={8} align="center" wrap>
                <Typography.Text strong>v{row.sku_version}</Typography.Text>
                <Tag color={STATUS_COLORS[row.status]}>{t(`statuses.${row.status}`)}</Tag>
                {row.current && <Tag color="green">{t('versions.current')}</Tag>}
                <Typography.Text type="secondary">
                  #{row.id} · {formatDateTime(row.created_at)}
                </Typography.Text>
              </Flex>
            ),
            content: (
              <>
                {changed.size > 0 && (
                  <Typography.Paragraph type="warning" style={{ marginBlockEnd: 4 }}>
                    {t('versions.changed', {
                      fields: [...changed].map((f) => t(`fields.${f}`)).join(t('versions.separator')),
                    })}
                  </Typography.Paragraph>
                )}
                <Descriptions
                  size="small"
                  column={1}
                  items={[
                    {
                      key: 'reward_gift_id',
                      label: t('reward'),
                      children: show('reward_gift_id', gift(row.reward_gift_id)),
                    },
                    {
                      key: 'bonus_gift_id',
                      label: t('bonus'),
                      children: show('bonus_gift_id', gift(row.bonus_gift_id)),
                    },
                    { key: 'prices', label: t('prices'), children: show('prices', priceSummary(row.prices)) },
                  ]}
                />
                <Link to={`/useraccount/account-operation-log?target_type=billing_point&target_id=${row.id}`}>
                  {t('versions.log')}
                </Link>
              </>
            ),
          };
        })}
      />
    </Drawer>
  );
}
