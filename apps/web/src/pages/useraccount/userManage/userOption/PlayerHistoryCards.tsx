import { useMemo, useState } from 'react';
import { Card, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PlayerMail, PlayerRedemption } from '@rx/contracts/player-history';
import { textFor } from '@rx/contracts/required-language';
import { useProduct } from '@/app/product/index.ts';
import { formatDateTime } from '@/shared/format.ts';
import { http } from '@/shared/http.ts';
import { DataTable } from '@/shared/ui/index.ts';

const PAGE_SIZE = 5;
const STATE_COLORS: Record<PlayerMail['state'], string> = {
  delivered: 'processing',
  read: 'default',
  claimed: 'success',
  failed: 'error',
};

/** One page of a player's history from the server (paged there, newest first). */
function usePlayerPage<T>(openid: string, kind: 'mails' | 'redemptions', page: number) {
  const productId = useProduct((s) => s.productId);
  return useQuery({
    queryKey: ['players', productId ?? 0, openid, kind, page],
    queryFn: ({ signal }) =>
      http.get<{ list: T[]; total: number }>(
        `/players/${encodeURIComponent(openid)}/${kind}`,
        { page, page_size: PAGE_SIZE },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/** The mails in a player's inbox on their profile (issue 27): title, sender, state and times. */
export function PlayerMailsCard({ openid }: { openid: string }) {
  const { t, i18n } = useTranslation('players');
  const [page, setPage] = useState(1);
  const query = usePlayerPage<PlayerMail>(openid, 'mails', page);
  const columns = useMemo<ColumnsType<PlayerMail>>(
    () => [
      {
        title: t('history.columns.mailTitle'),
        key: 'title',
        width: 220,
        ellipsis: { showTitle: true },
        render: (_: unknown, m: PlayerMail) => textFor(m.title, i18n.language),
      },
      { title: t('history.columns.sender'), dataIndex: 'sender', width: 120, ellipsis: { showTitle: true } },
      { title: t('history.columns.attachments'), dataIndex: 'attachments', width: 90 },
      {
        title: t('history.columns.state'),
        dataIndex: 'state',
        width: 100,
        render: (state: PlayerMail['state']) => (
          <Tag color={STATE_COLORS[state]}>{t(`history.states.${state}`)}</Tag>
        ),
      },
      {
        title: t('history.columns.delivered'),
        dataIndex: 'delivered_at',
        width: 170,
        render: (v: string) => formatDateTime(v),
      },
      {
        title: t('history.columns.claimed'),
        dataIndex: 'claimed_at',
        width: 170,
        render: (v: string | null) => formatDateTime(v),
      },
    ],
    [t, i18n.language],
  );
  return (
    <HistoryCard
      testId="player-mails"
      title={t('history.mails.title')}
      none={t('history.mails.none')}
      rowKey="mail_id"
      columns={columns}
      query={query}
      page={page}
      setPage={setPage}
    />
  );
}

/** The codes a player redeemed on their profile (issue 27): batch, code, role and time. */
export function PlayerRedemptionsCard({ openid }: { openid: string }) {
  const { t } = useTranslation('players');
  const [page, setPage] = useState(1);
  const query = usePlayerPage<PlayerRedemption>(openid, 'redemptions', page);
  const columns = useMemo<ColumnsType<PlayerRedemption>>(
    () => [
      {
        title: t('history.columns.batch'),
        dataIndex: 'batch_name',
        width: 200,
        ellipsis: { showTitle: true },
      },
      { title: t('history.columns.code'), dataIndex: 'code', width: 160 },
      { title: t('history.columns.role'), dataIndex: 'role_id', width: 120 },
      {
        title: t('history.columns.redeemedAt'),
        dataIndex: 'created_at',
        width: 170,
        render: (v: string) => formatDateTime(v),
      },
    ],
    [t],
  );
  return (
    <HistoryCard
      testId="player-redemptions"
      title={t('history.redemptions.title')}
      none={t('history.redemptions.none')}
      rowKey="id"
      columns={columns}
      query={query}
      page={page}
      setPage={setPage}
    />
  );
}

function HistoryCard<T extends object>(props: {
  testId: string;
  title: string;
  none: string;
  rowKey: keyof T & string;
  columns: ColumnsType<T>;
  query: ReturnType<typeof usePlayerPage<T>>;
  page: number;
  setPage: (page: number) => void;
}) {
  const { query } = props;
  const total = query.data?.total ?? 0;
  return (
    <Card
      size="small"
      title={`${props.title} · ${total}`}
      style={{ marginBlockEnd: 16 }}
      data-testid={props.testId}
    >
      {total === 0 && !query.isPending ? (
        <Typography.Text type="secondary">{props.none}</Typography.Text>
      ) : (
        <DataTable<T>
          rowKey={props.rowKey}
          loading={query.isFetching}
          columns={props.columns}
          dataSource={query.data?.list ?? []}
          pagination={{ current: props.page, pageSize: PAGE_SIZE, total, onChange: props.setPage }}
          aria-label={props.title}
        />
      )}
    </Card>
  );
}
