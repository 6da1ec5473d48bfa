import { useState } from 'react';
import { Descriptions, Drawer, Select, Space, Statistic, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  RECIPIENT_STATES,
  type Mail,
  type MailRecipient,
  type MailStats as Stats,
} from '@rx/contracts/mails';
import { formatDateTime } from '@/shared/format.ts';
import { http } from '@/shared/http.ts';
import { ScrollTable } from '@/shared/ui/ScrollTable.tsx';

const STATE_COLORS: Record<string, string> = {
  delivered: 'blue',
  read: 'cyan',
  claimed: 'green',
  failed: 'red',
};

/** A mail's counts (delivered, read, claimed, failed, recalled) and its copies, paged, by state. */
export function MailStatsDrawer({
  mail,
  title,
  onClose,
}: {
  mail: Mail | null;
  title: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('mail');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [state, setState] = useState<string | undefined>();
  const stats = useQuery({
    queryKey: ['mails', mail?.id, 'stats'],
    queryFn: () => http.get<Stats>(`/mails/${mail!.id}/stats`),
    enabled: mail !== null,
    refetchInterval: mail?.status === 'sending' ? 2000 : false,
  });
  const copies = useQuery({
    queryKey: ['mails', mail?.id, 'recipients', page, pageSize, state],
    queryFn: () =>
      http.get<{ list: MailRecipient[]; total: number }>(`/mails/${mail!.id}/recipients`, {
        page,
        page_size: pageSize,
        state,
      }),
    enabled: mail !== null,
  });
  const when = (at: string | null) => (at ? formatDateTime(at) : '—');
  return (
    <Drawer
      open={mail !== null}
      onClose={() => {
        setPage(1);
        setState(undefined);
        onClose();
      }}
      title={t('statsTitle', { name: title })}
      width={720}
      destroyOnHidden
    >
      {mail && (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Space wrap size="large" data-testid="mail-stats">
            {(['delivered', 'read', 'claimed', 'failed', 'recalled'] as const).map((key) => (
              <Statistic
                key={key}
                title={t(`stats.${key}`)}
                value={stats.data?.[key] ?? 0}
                data-testid={`mail-stat-${key}`}
              />
            ))}
          </Space>
          <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
            <Descriptions.Item label={t('status')}>
              {t(`common:lifecycleStates.${mail.status}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('recipients')}>{mail.recipients}</Descriptions.Item>
            <Descriptions.Item label={t('sentAt')}>{when(mail.sent_at)}</Descriptions.Item>
            <Descriptions.Item label={t('finishedAt')}>{when(mail.finished_at)}</Descriptions.Item>
            {mail.job_id !== null && <Descriptions.Item label={t('job')}>#{mail.job_id}</Descriptions.Item>}
          </Descriptions>
          <Select
            allowClear
            style={{ width: 180 }}
            placeholder={t('allStates')}
            aria-label={t('copyState')}
            value={state}
            onChange={(v: string | undefined) => {
              setState(v);
              setPage(1);
            }}
            options={RECIPIENT_STATES.map((value) => ({ value, label: t(`copyStates.${value}`) }))}
          />
          <ScrollTable<MailRecipient>
            size="small"
            rowKey="player_id"
            loading={copies.isLoading}
            dataSource={copies.data?.list ?? []}
            scroll={{ x: 640 }}
            pagination={{
              current: page,
              pageSize,
              total: copies.data?.total ?? 0,
              showSizeChanger: true,
              pageSizeOptions: [10, 20, 50],
              onChange: (p, size) => {
                setPage(p);
                setPageSize(size);
              },
            }}
            columns={[
              { title: 'openid', dataIndex: 'openid', width: 160 },
              {
                title: t('copyState'),
                dataIndex: 'state',
                width: 100,
                render: (v: string) => <Tag color={STATE_COLORS[v]}>{t(`copyStates.${v}`)}</Tag>,
              },
              { title: t('deliveredAt'), dataIndex: 'delivered_at', width: 160, render: when },
              { title: t('readAt'), dataIndex: 'read_at', width: 160, render: when },
              { title: t('claimedAt'), dataIndex: 'claimed_at', width: 160, render: when },
            ]}
          />
        </Space>
      )}
    </Drawer>
  );
}
