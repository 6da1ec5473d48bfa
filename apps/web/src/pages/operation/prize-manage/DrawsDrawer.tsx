import { useState } from 'react';
import { Drawer, Input, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { lotteryDrawsResource, type Lottery, type LotteryDraw } from '@rx/contracts/lotteries';
import { usePermission } from '@/app/permission/index.ts';
import { ExportButton, resourceKey, type ListAnswer } from '@/shared/crud/index.ts';
import { formatDateTime } from '@/shared/format.ts';
import { http } from '@/shared/http.ts';
import { DataTable } from '@/shared/ui/DataTable.tsx';

const NAME = lotteryDrawsResource.name;

/** A lottery's draw records: who drew what with which roll, the seed hash (and seed once ended) to check them. */
export function DrawsDrawer({ lottery, onClose }: { lottery: Lottery; onClose: () => void }) {
  const { t } = useTranslation('lottery');
  const canExport = usePermission([lotteryDrawsResource.permissions.export]);
  const [page, setPage] = useState(1);
  const [openid, setOpenid] = useState('');
  const filters: Record<string, string> = { lottery_id: String(lottery.id), ...(openid ? { openid } : {}) };
  const draws = useQuery({
    queryKey: resourceKey(NAME, 'list', filters, page),
    queryFn: () =>
      http.get<ListAnswer<LotteryDraw>>(`/${NAME}`, { ...filters, page, page_size: 20, sort: '-id' }),
  });
  return (
    <Drawer
      open
      title={t('drawsOf', { name: lottery.name })}
      onClose={onClose}
      width={760}
      data-testid="lottery-draws"
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text>
          {t('seedHash')}:{' '}
          <Typography.Text code copyable>
            {lottery.seed_hash ?? '—'}
          </Typography.Text>
        </Typography.Text>
        {lottery.seed && (
          <Typography.Text>
            {t('seed')}:{' '}
            <Typography.Text code copyable>
              {lottery.seed}
            </Typography.Text>
          </Typography.Text>
        )}
        <Typography.Paragraph type="secondary">{t('auditHint')}</Typography.Paragraph>
        <Space wrap>
          <Input.Search
            aria-label={t('openid')}
            placeholder={t('openid')}
            allowClear
            onSearch={(value) => {
              setOpenid(value.trim());
              setPage(1);
            }}
            style={{ width: 220 }}
          />
          {canExport && <ExportButton resource={NAME} filters={filters} />}
        </Space>
        <DataTable<LotteryDraw>
          rowKey="id"
          size="small"
          loading={draws.isLoading}
          dataSource={draws.data?.list ?? []}
          scroll={{ x: 640 }}
          pagination={{
            current: page,
            pageSize: 20,
            total: draws.data?.total ?? 0,
            showSizeChanger: false,
            onChange: setPage,
          }}
          columns={[
            { title: t('drawNo'), dataIndex: 'draw_no', width: 80 },
            { title: t('openid'), dataIndex: 'openid', width: 160, ellipsis: true },
            {
              title: t('prize'),
              dataIndex: 'prize_name',
              width: 140,
              render: (name: string, row) => (row.prize_key ? name : `${name} (${t('fallback')})`),
            },
            { title: t('roll'), dataIndex: 'roll', width: 90 },
            {
              title: t('drawnAt'),
              dataIndex: 'created_at',
              width: 170,
              render: (v: string) => formatDateTime(v),
            },
          ]}
        />
      </Space>
    </Drawer>
  );
}
