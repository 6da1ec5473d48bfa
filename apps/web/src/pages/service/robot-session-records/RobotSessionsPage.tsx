import { useEffect, useState } from 'react';
import { Button, Card, Col, Drawer, Row, Select, Spin, Statistic, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CsMessage } from '@rx/contracts/cs';
import {
  CS_ROBOT_KINDS,
  type CsRobotKind,
  type CsRobotSession,
  type CsRobotSessions,
} from '@rx/contracts/cs-insights';
import { useProduct } from '@/app/product/index.ts';
import { MessageLine } from '@/shared/cs/MessageLine.tsx';
import { formatDateTime, formatNumber } from '@/shared/format.ts';
import { http } from '@/shared/http.ts';
import { DataTable } from '@/shared/ui/index.ts';
import { FilterBar, TextFilter, useFilteredPages } from '@/shared/crud/filtered-pages.tsx';

type Filter = { kind?: CsRobotKind; q?: string };

function Transcript({ session, onClose }: { session: CsRobotSession | null; onClose: () => void }) {
  const { t } = useTranslation(['csRobot', 'cs']);
  const [messages, setMessages] = useState<CsMessage[] | null>(null);
  useEffect(() => {
    if (!session) return;
    let live = true;
    http
      .get<{ list: CsMessage[] }>(`/cs/robot-sessions/${session.id}/messages`)
      .then((answer) => live && setMessages(answer.list))
      .catch(() => live && setMessages([]));
    return () => {
      live = false;
      setMessages(null);
    };
  }, [session]);
  return (
    <Drawer
      open={session !== null}
      onClose={onClose}
      size={640}
      title={session ? t('transcriptOf', { name: session.nickname || session.openid }) : ''}
    >
      <div
        className="rx-cs-messages"
        role="log"
        aria-label={t('cs:messages')}
        data-testid="cs-robot-transcript"
      >
        {messages === null ? <Spin /> : messages.map((m) => <MessageLine key={m.id} message={m} />)}
      </div>
    </Drawer>
  );
}

/**
 * Robot session records (`service/see/robot_session_record`): the conversations the bot answered,
 * those it finished alone and those it handed to a person, with the count of each and transcripts.
 */
export function RobotSessionsPage() {
  const { t } = useTranslation(['csRobot', 'cs']);
  const productId = useProduct((s) => s.productId);
  const { filter, page: paging, filterBy, table } = useFilteredPages<Filter>({});
  const [open, setOpen] = useState<CsRobotSession | null>(null);
  const sessions = useQuery({
    queryKey: ['cs-robot-sessions', productId, filter, paging],
    enabled: productId !== null,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      http.get<CsRobotSessions>('/cs/robot-sessions', { ...filter, ...paging }, { signal }),
  });
  const columns: ColumnsType<CsRobotSession> = [
    { title: t('created'), dataIndex: 'created_at', width: 170, render: (v: string) => formatDateTime(v) },
    {
      title: t('player'),
      key: 'player',
      width: 200,
      render: (_, s) => (s.nickname ? `${s.nickname} (${s.openid})` : s.openid),
    },
    { title: t('botReplies'), dataIndex: 'bot_replies', width: 110, align: 'end' },
    {
      title: t('outcome'),
      key: 'outcome',
      width: 140,
      render: (_, s) =>
        s.handed_off_at ? (
          <Tag color="orange">{t('kinds.handed_off')}</Tag>
        ) : (
          <Tag color="green">{t('kinds.bot_only')}</Tag>
        ),
    },
    { title: t('state'), dataIndex: 'state', width: 100, render: (v: string) => t(`cs:state.${v}`) },
    { title: t('lastMessage'), dataIndex: 'last_message', ellipsis: true },
    {
      title: t('crud:action.actions'),
      key: 'open',
      width: 110,
      render: (_, s) => (
        <Button type="link" size="small" onClick={() => setOpen(s)}>
          {t('transcript')}
        </Button>
      ),
    },
  ];
  const summary = sessions.data?.summary;
  const sum = (summary?.bot_only ?? 0) + (summary?.handed_off ?? 0);
  return (
    <>
      <Typography.Title level={4} style={{ marginBlockStart: 0 }}>
        {t('menu:page.robotSessions')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      <Row gutter={[16, 16]} style={{ marginBlockEnd: 16 }}>
        <Col xs={12} md={6}>
          <Card size="small" data-testid="robot-bot-only">
            <Statistic title={t('kinds.bot_only')} value={formatNumber(summary?.bot_only ?? 0)} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card size="small" data-testid="robot-handed-off">
            <Statistic title={t('kinds.handed_off')} value={formatNumber(summary?.handed_off ?? 0)} />
          </Card>
        </Col>
        <Col xs={24} md={6}>
          <Card size="small">
            <Statistic
              title={t('selfService')}
              value={sum ? `${Math.round(((summary?.bot_only ?? 0) / sum) * 100)}%` : '—'}
            />
          </Card>
        </Col>
      </Row>
      <FilterBar>
        <Select
          aria-label={t('outcome')}
          style={{ width: 180 }}
          allowClear
          placeholder={t('outcome')}
          value={filter.kind}
          onChange={(kind?: CsRobotKind) => filterBy('kind', kind)}
          options={CS_ROBOT_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
        />
        <TextFilter label={t('player')} width={200} onSearch={(q) => filterBy('q', q)} />
      </FilterBar>
      <DataTable<CsRobotSession> rowKey="id" columns={columns} {...table(sessions)} />
      <Transcript session={open} onClose={() => setOpen(null)} />
    </>
  );
}
