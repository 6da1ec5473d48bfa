import { Alert, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { billingResource } from '@rx/contracts/billing-points';
import { codeBatchResource } from '@rx/contracts/code-batches';
import { mailsResource } from '@rx/contracts/mails';
import { webGoodsResource } from '@rx/contracts/web-shop';
import { webActivitiesResource } from '@rx/contracts/web-site';
import { giftResource, type giftUsedByAnswer } from '@rx/contracts/gift-packages';
import { resourceKey } from '@/shared/crud/index.ts';
import { http } from '@/shared/http.ts';
import { AppModal } from '@/shared/ui/index.ts';
import { ScrollTable } from '@/shared/ui/ScrollTable.tsx';

type UsedBy = z.infer<typeof giftUsedByAnswer>;

/** Where each kind of reference is managed; the list opens filtered on the referring row. */
const PAGE_OF: Record<string, string> = {
  billing_point: billingResource.page,
  code_batch: codeBatchResource.page,
  mail: mailsResource.page,
  web_good: webGoodsResource.page,
  web_activity: webActivitiesResource.page,
};

/** What refers to a gift package (billing points, old versions included): a gift in use is disabled, never deleted. */
export function UsedByModal({
  gift,
  onClose,
}: {
  gift: { id: number; name: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('gifts');
  const usedBy = useQuery({
    queryKey: resourceKey(giftResource.name, 'used-by', gift?.id),
    queryFn: ({ signal }) =>
      http.get<UsedBy>(`/${giftResource.name}/${gift!.id}/used-by`, undefined, { signal }),
    enabled: gift !== null,
  });
  const rows = usedBy.data ?? [];
  return (
    <AppModal
      open={gift !== null}
      title={t('usedByTitle', { name: gift?.name ?? '' })}
      onCancel={onClose}
      footer={null}
      width={720}
      destroyOnHidden
    >
      <Alert
        type={rows.length ? 'warning' : 'success'}
        showIcon
        style={{ marginBlockEnd: 12 }}
        title={rows.length ? t('usedByHint', { count: rows.length }) : t('usedByNone')}
      />
      <ScrollTable<UsedBy[number]>
        size="small"
        rowKey={(row) => `${row.type}-${row.id}`}
        loading={usedBy.isFetching}
        dataSource={rows}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        columns={[
          {
            title: t('refType'),
            dataIndex: 'type',
            width: 120,
            render: (v: string) => t(`refTypes.${v}`, v),
          },
          { title: 'ID', dataIndex: 'id', width: 80 },
          {
            title: t('crud:field.name'),
            dataIndex: 'name',
            render: (name: string, row) =>
              PAGE_OF[row.type] ? (
                <Link to={`${PAGE_OF[row.type]}?${new URLSearchParams({ q: name, history: '1' })}`}>
                  {name}
                </Link>
              ) : (
                name
              ),
          },
          {
            title: t('crud:field.status'),
            dataIndex: 'status',
            width: 110,
            render: (v: string) => (
              <Tag color={v === 'live' ? 'success' : 'default'}>{t(`refStatus.${v}`, v)}</Tag>
            ),
          },
        ]}
      />
    </AppModal>
  );
}
