import { useState } from 'react';
import { Card, Input, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PushGrant } from '@rx/contracts/push-subscriptions';
import { useProduct } from '@/app/product/index.ts';
import { formatDateTime, formatNumber } from '@/shared/format.ts';
import { http } from '@/shared/http.ts';
import { DataTable } from '@/shared/ui/index.ts';

/** The one-time subscription ledger: per player and template, granted, used and remaining. */
export function GrantsPanel() {
  const { t } = useTranslation('push');
  const productId = useProduct((s) => s.productId);
  const [openid, setOpenid] = useState('');
  const [page, setPage] = useState({ current: 1, pageSize: 10 });
  const grants = useQuery({
    queryKey: ['push-grants', productId, openid, page],
    queryFn: () =>
      http.get<{ list: PushGrant[]; total: number }>('/push-grants', {
        page: page.current,
        page_size: page.pageSize,
        ...(openid ? { openid } : {}),
      }),
    enabled: !!productId,
    placeholderData: keepPreviousData,
  });
  const count = (v: number) => formatNumber(v);
  const columns: ColumnsType<PushGrant> = [
    { title: 'openid', dataIndex: 'openid', width: 180 },
    { title: t('task.templateId'), dataIndex: 'template_id', width: 220 },
    { title: t('sub.grants.granted'), dataIndex: 'granted', width: 90, render: count },
    { title: t('sub.grants.used'), dataIndex: 'used', width: 90, render: count },
    { title: t('sub.grants.remaining'), dataIndex: 'remaining', width: 90, render: count },
    {
      title: t('sub.grants.updatedAt'),
      dataIndex: 'updated_at',
      width: 170,
      render: (at: string) => formatDateTime(at),
    },
  ];
  return (
    <Card title={t('sub.tabs.grants')}>
      <Space style={{ marginBlockEnd: 12 }} wrap>
        <Input.Search
          allowClear
          aria-label={t('sub.grants.search')}
          placeholder={t('sub.grants.search')}
          maxLength={64}
          onSearch={(value) => {
            setOpenid(value.trim());
            setPage((p) => ({ ...p, current: 1 }));
          }}
          data-testid="grants-search"
        />
      </Space>
      <DataTable<PushGrant>
        rowKey={(g) => `${g.openid}:${g.template_id}`}
        size="small"
        loading={grants.isLoading}
        columns={columns}
        dataSource={grants.data?.list ?? []}
        scroll={{ x: 840 }}
        pagination={{
          current: page.current,
          pageSize: page.pageSize,
          total: grants.data?.total ?? 0,
          onChange: (current, pageSize) => setPage({ current, pageSize }),
        }}
        aria-label={t('sub.tabs.grants')}
      />
    </Card>
  );
}
