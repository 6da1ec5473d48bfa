import { useState } from 'react';
import { Button, Descriptions, Drawer, Select, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CS_LOG_TARGETS } from '@rx/contracts/cs-insights';
import type { OperationLog } from '@rx/contracts/operation-logs';
import { useProduct } from '@/app/product/index.ts';
import { formatDateTime } from '@/shared/format.ts';
import { http } from '@/shared/http.ts';
import { DataTable } from '@/shared/ui/index.ts';
import { FilterBar, TextFilter, useFilteredPages } from '@/shared/crud/filtered-pages.tsx';

type Filter = { target_type?: (typeof CS_LOG_TARGETS)[number]; username?: string };

/**
 * Service operation log (`service/see/operation_log`): what staff changed in customer service
 * (settings, teams, agents, scripts, blacklist, complaints), newest first, each entry opening to
 * its before and after.
 */
export function ServiceLogPage() {
  const { t } = useTranslation(['oplog', 'csLog']);
  const products = useProduct((s) => s.products);
  const productName = (id: number | null) =>
    id === null ? '—' : (products.find((p) => p.id === id)?.name ?? `#${id}`);
  const { filter, page: paging, filterBy, table } = useFilteredPages<Filter>({});
  const [open, setOpen] = useState<OperationLog | null>(null);
  // As the operation log names them: actions and kinds of target translated, a target by its name.
  const label = {
    action: (action: string) => t(`actions.${action}`, action),
    targetType: (type: string) => t(`targets.${type}`, type),
    target: (entry: OperationLog) =>
      entry.target_name || t(`targets.${entry.target_type}`, entry.target_type),
  };
  const logs = useQuery({
    queryKey: ['cs-operation-log', filter, paging],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      http.get<{ list: OperationLog[]; total: number }>(
        '/cs/operation-log',
        { ...filter, ...paging },
        { signal },
      ),
  });
  const columns: ColumnsType<OperationLog> = [
    { title: t('time'), dataIndex: 'created_at', width: 170, render: (v: string) => formatDateTime(v) },
    { title: t('staff'), dataIndex: 'username', width: 120 },
    {
      title: t('action'),
      dataIndex: 'action',
      width: 110,
      render: (v: string) => <Tag>{label.action(v)}</Tag>,
    },
    {
      title: t('targetType'),
      dataIndex: 'target_type',
      width: 150,
      render: (v: string) => label.targetType(v),
    },
    { title: t('target'), key: 'target', width: 200, render: (_, e) => label.target(e) },
    {
      title: t('crud:action.actions'),
      key: 'detail',
      width: 90,
      render: (_, e) => (
        <Button type="link" size="small" onClick={() => setOpen(e)}>
          {t('detail.open')}
        </Button>
      ),
    },
  ];
  return (
    <>
      <Typography.Title level={4} style={{ marginBlockStart: 0 }}>
        {t('menu:page.serviceOperationLog')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('csLog:intro')}</Typography.Paragraph>
      <FilterBar>
        <Select
          aria-label={t('targetType')}
          style={{ width: 200 }}
          allowClear
          placeholder={t('targetType')}
          value={filter.target_type}
          onChange={(target_type?: Filter['target_type']) => filterBy('target_type', target_type)}
          options={CS_LOG_TARGETS.map((type) => ({ value: type, label: label.targetType(type) }))}
        />
        <TextFilter label={t('staff')} width={180} onSearch={(username) => filterBy('username', username)} />
      </FilterBar>
      <DataTable<OperationLog> rowKey="id" columns={columns} {...table(logs)} />
      <Drawer open={open !== null} title={t('detail.title')} size={640} onClose={() => setOpen(null)}>
        {open && (
          <>
            <Descriptions size="small" column={1} style={{ marginBlockEnd: 16 }}>
              <Descriptions.Item label={t('time')}>{formatDateTime(open.created_at)}</Descriptions.Item>
              <Descriptions.Item label={t('staff')}>{open.username}</Descriptions.Item>
              <Descriptions.Item label={t('action')}>{label.action(open.action)}</Descriptions.Item>
              <Descriptions.Item label={t('target')}>
                {label.targetType(open.target_type)} · {label.target(open)}
              </Descriptions.Item>
              <Descriptions.Item label={t('product')}>{productName(open.product_id)}</Descriptions.Item>
            </Descriptions>
            {(['before', 'after'] as const).map((side) => (
              <section key={side} aria-label={t(`detail.${side}`)}>
                <Typography.Title level={5}>{t(`detail.${side}`)}</Typography.Title>
                <pre
                  className="rx-cs-log-json"
                  tabIndex={0}
                  style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
                >
                  {open[side] === null || open[side] === undefined
                    ? '—'
                    : JSON.stringify(open[side], null, 2)}
                </pre>
              </section>
            ))}
          </>
        )}
      </Drawer>
    </>
  );
}
