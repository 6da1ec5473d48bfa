import { useCallback, useMemo, useState } from 'react';
import { Space, Tag, Tooltip } from 'antd';
import WarningOutlined from '@ant-design/icons/WarningOutlined';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { giftResource, type GiftPackage } from '@rx/contracts/gift-packages';
import {
  WEB_ACTIVITY_KINDS,
  WEB_ACTIVITY_STATUSES,
  webActivitiesResource,
  type WebActivity,
  type WebActivityAction,
} from '@rx/contracts/web-site';
import { usePermission } from '@/app/permission/index.ts';
import { useProduct } from '@/app/product/index.ts';
import { updatedAtColumn, enumSearch } from '@/shared/crud/index.ts';
import { LifecycleActions } from '@/shared/crud/LifecycleActions.tsx';
import { ResourceListPage } from '@/shared/crud/ResourceListPage.tsx';
import { textIn } from '@/shared/crud/ref-names.ts';
import { useNames } from '@/shared/crud/RefSelect.tsx';
import { formatDateTime, formatMoney } from '@/shared/format.ts';
import { useLocale } from '@/shared/i18n.ts';
import { ActivityForm } from './ActivityForm.tsx';

const EMPTY_NAME = { zh: '', en: '', ja: '', th: '', vi: '', tl: '', id: '', ar: '', tc: '' };
const DAY = 86_400_000;
/** A new activity: cumulative in USD, from the next full hour for a week. */
function newActivity() {
  const start = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000);
  return {
    name: EMPTY_NAME,
    kind: 'cumulative',
    currency: 'USD',
    tiers: [{ threshold: 1000, gift_package_id: undefined }],
    starts_at: start.toISOString(),
    ends_at: new Date(start.getTime() + 7 * DAY).toISOString(),
  };
}
const STATUS_COLORS: Record<string, string> = { draft: 'default', live: 'success', ended: 'warning' };
const MOVES: Record<string, WebActivityAction[]> = {
  draft: ['publish', 'end'],
  live: ['recall', 'end'],
  ended: [],
};

/** Web recharge site top-up activities: first top-up and cumulative tiers, Draft → Live → Ended. */
export function ActivitiesPage() {
  const { t } = useTranslation('webSite');
  const lang = useLocale((s) => s.language);
  const productId = useProduct((s) => s.productId);
  const canMove = usePermission([webActivitiesResource.permissions.approve]);
  const [newItem] = useState(newActivity);
  const giftLabel = useCallback((gift: GiftPackage) => `#${gift.id} · ${textIn(gift.name, lang)}`, [lang]);
  const giftNames = useNames<GiftPackage>(giftResource.name, giftLabel, productId !== null);
  const columns = useMemo<ColumnsType<WebActivity>>(
    () => [
      {
        title: t('activity.name'),
        key: 'name',
        width: 180,
        render: (_, a) => (
          <Space size={4}>
            <span>{textIn(a.name, lang)}</span>
            {a.overlaps.length > 0 && (
              <Tooltip title={t('activity.overlaps', { ids: a.overlaps.map((id) => `#${id}`).join(', ') })}>
                <Tag color="warning" icon={<WarningOutlined />} data-testid="overlap-warning">
                  {t('activity.overlapTag')}
                </Tag>
              </Tooltip>
            )}
          </Space>
        ),
      },
      { title: t('activity.kind'), dataIndex: 'kind', width: 110, render: (v: string) => t(`kinds.${v}`) },
      {
        title: t('activity.tiers'),
        key: 'tiers',
        width: 260,
        render: (_, a) => (
          <Space direction="vertical" size={2}>
            {a.tiers.map((tier, i) => {
              const stat = a.stats.find((s) => s.tier === (a.kind === 'first' ? 0 : i + 1));
              return (
                <span key={i}>
                  {a.kind === 'cumulative' && (
                    <span dir="ltr">{formatMoney(tier.threshold, a.currency || 'USD')} → </span>
                  )}
                  {giftNames.get(tier.gift_package_id) ?? `#${tier.gift_package_id}`}
                  <Tag style={{ marginInlineStart: 6 }}>
                    {t('activity.players', { count: stat?.players ?? 0 })}
                  </Tag>
                </span>
              );
            })}
          </Space>
        ),
      },
      {
        title: t('activity.window'),
        key: 'starts_at',
        width: 200,
        sorter: true,
        render: (_, a) => `${formatDateTime(a.starts_at)} ~ ${formatDateTime(a.ends_at)}`,
      },
      {
        title: t('crud:field.status'),
        dataIndex: 'status',
        width: 90,
        sorter: true,
        render: (v: string) => <Tag color={STATUS_COLORS[v]}>{t(`statuses.${v}`)}</Tag>,
      },
      updatedAtColumn<WebActivity>(t),
    ],
    [t, lang, giftNames],
  );

  return (
    <ResourceListPage<WebActivity>
      resource={webActivitiesResource}
      title={t('menu:page.webActivities')}
      columns={columns}
      search={[
        enumSearch(t, 'kind', t('activity.kind'), WEB_ACTIVITY_KINDS, 'kinds'),
        enumSearch(t, 'status', t('crud:field.status'), WEB_ACTIVITY_STATUSES, 'statuses'),
      ]}
      newItem={newItem}
      nameOf={(a) => textIn(a.name, lang)}
      formTitle={{ create: t('activity.createTitle'), edit: t('activity.editTitle') }}
      form={(editing) => <ActivityForm draft={editing === 'new' || editing.status === 'draft'} />}
      sortFields={{ starts_at: 'starts_at' }}
      drawerWidth={720}
      actionsWidth={260}
      rowActions={(a) =>
        canMove && (
          <LifecycleActions<WebActivityAction>
            resource={webActivitiesResource.name}
            row={a}
            actions={MOVES[a.status] ?? []}
            ns="webSite"
            name={textIn(a.name, lang)}
            danger={['recall', 'end']}
            testIdPrefix={`activity-${a.id}`}
          />
        )
      }
    />
  );
}
