import { useMemo } from 'react';
import { Card, Flex, Rate, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  TICKET_FILTERS,
  TICKET_KINDS,
  TICKET_STATES,
  ticketsResourceOf,
  type TicketItem,
  type TicketQueue,
} from '@rx/contracts/tickets';
import { usePermission } from '@/app/permission/index.ts';
import { useProduct } from '@/app/product/index.ts';
import { apiQuery, choiceSearch, enumSearch, useListParams } from '@/shared/crud/index.ts';
import { QueryListPage } from '@/shared/crud/QueryListPage.tsx';
import { formatDateTime } from '@/shared/format.ts';
import { currentLanguage } from '@/shared/i18n.ts';
import { ticketApi, ticketKeys } from './api.ts';
import { TicketDrawer } from './TicketDrawer.tsx';
import { PriorityTag, StateTag, typeName } from './parts.tsx';

const TITLES: Record<TicketQueue, string> = {
  product: 'menu:page.productFeedback',
  player: 'menu:page.playerFeedback',
  service: 'menu:page.serviceFeedback',
};

/**
 * A queue of feedback tickets (product feedback, player feedback, or the service desk's holding
 * both): counts by state and type, filters in the address, the table, export, and the ticket drawer
 * (`?ticket=<id>`, the link of notifications).
 */
export function TicketQueuePage({ kind }: { kind: TicketQueue }) {
  const { t } = useTranslation('tickets');
  const lang = currentLanguage();
  const productId = useProduct((s) => s.productId);
  const resource = ticketsResourceOf(kind);
  const canExport = usePermission([resource.permissions.export]);
  const [params, setParams] = useListParams(TICKET_FILTERS);
  const [search, setSearch] = useSearchParams();
  const openId = Number(search.get('ticket')) || undefined;
  const open = (id: number | undefined) => {
    const next = new URLSearchParams(search);
    if (id) next.set('ticket', String(id));
    else next.delete('ticket');
    setSearch(next, { replace: true });
  };
  const query = useMemo<Record<string, string | number>>(
    () => ({ ...apiQuery({ ...params, sort: params.sort ?? '-created_at' }), kind }),
    [params, kind],
  );
  const list = useQuery({
    queryKey: ticketKeys.list(query),
    queryFn: ({ signal }) => ticketApi.list(query, signal),
    placeholderData: keepPreviousData,
    enabled: !!productId,
  });
  const countQuery = useMemo(() => {
    const { page: _p, page_size: _s, sort: _o, state: _st, ...rest } = query;
    return rest;
  }, [query]);
  const counts = useQuery({
    queryKey: ticketKeys.counts(countQuery),
    queryFn: ({ signal }) => ticketApi.counts(countQuery, signal),
    enabled: !!productId,
  });
  const assignees = useQuery({
    queryKey: ticketKeys.assignees(kind),
    queryFn: () => ticketApi.assignees(kind),
    enabled: !!productId,
  });
  const types = useQuery({
    queryKey: ticketKeys.types(kind),
    queryFn: () => ticketApi.types(kind),
    enabled: !!productId,
  });

  const columns = useMemo<ColumnsType<TicketItem>>(
    () => [
      { title: t('columns.id'), dataIndex: 'id', width: 80, render: (id: number) => `#${id}` },
      {
        title: t('columns.type'),
        key: 'type',
        width: 140,
        render: (_, row) => typeName(row.type_name, row.type_code, lang),
      },
      {
        title: t('columns.state'),
        dataIndex: 'state',
        width: 130,
        render: (state: TicketItem['state']) => <StateTag t={t} state={state} />,
      },
      {
        title: t('columns.priority'),
        dataIndex: 'priority',
        width: 100,
        sorter: true,
        render: (p: TicketItem['priority']) => <PriorityTag t={t} priority={p} />,
      },
      {
        title: t('columns.content'),
        dataIndex: 'content',
        width: 260,
        ellipsis: true,
        render: (content: string, row) => (
          <Typography.Link onClick={() => open(row.id)} data-testid={`ticket-${row.id}`}>
            {content}
          </Typography.Link>
        ),
      },
      ...(kind === 'service'
        ? [
            {
              title: t('columns.kind'),
              dataIndex: 'kind',
              width: 120,
              render: (k: TicketItem['kind']) => t(`kinds.${k}`),
            } as const,
          ]
        : []),
      {
        title: t('columns.openid'),
        dataIndex: 'openid',
        width: 170,
        // The service desk goes to what service knows of the player and their conversations.
        render: (openid: string) =>
          kind === 'service' ? (
            <Flex vertical gap={2}>
              <Link to={`/service/user-manage?q=${encodeURIComponent(openid)}&by=openid`}>{openid}</Link>
              <Link to={`/service/session-records?q=${encodeURIComponent(openid)}`}>
                {t('conversations')}
              </Link>
            </Flex>
          ) : (
            <Link to={`/useraccount/userManage/userOption/${encodeURIComponent(openid)}`}>{openid}</Link>
          ),
      },
      ...(kind === 'player'
        ? [{ title: t('columns.reported'), dataIndex: 'reported_openid', width: 150 } as const]
        : []),
      { title: t('columns.channel'), dataIndex: 'channel', width: 100 },
      {
        title: t('columns.assignee'),
        key: 'assignee',
        width: 120,
        render: (_, row) =>
          row.assignee?.username ?? <Typography.Text type="secondary">{t('unassigned')}</Typography.Text>,
      },
      {
        title: t('columns.rating'),
        dataIndex: 'rating',
        width: 150,
        render: (rating: number | null) =>
          rating === null ? (
            ''
          ) : (
            <Rate disabled value={rating} style={{ fontSize: 14 }} aria-label={t('detail.rating')} />
          ),
      },
      {
        title: t('columns.created'),
        dataIndex: 'created_at',
        width: 160,
        sorter: true,
        render: (v: string) => formatDateTime(v),
      },
      {
        title: t('columns.updated'),
        dataIndex: 'updated_at',
        width: 160,
        sorter: true,
        render: (v: string) => formatDateTime(v),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `open` only writes the address
    [t, kind, lang],
  );

  const c = counts.data;
  const summary = (
    <Card size="small" style={{ marginBlockEnd: 12 }} aria-label={t('summary.title')}>
      <Flex wrap gap={8} align="center" data-testid="ticket-summary">
        <Typography.Text strong>
          {t('summary.total')}: {c?.total ?? 0}
        </Typography.Text>
        {TICKET_STATES.map((s) => (
          <Tag
            key={s}
            role="button"
            tabIndex={0}
            style={{ cursor: 'pointer' }}
            color={params.filters.state === s ? 'blue' : undefined}
            onClick={() =>
              setParams({ filters: { ...params.filters, state: params.filters.state === s ? '' : s } })
            }
            onKeyDown={(e) => {
              if (e.key === 'Enter' || e.key === ' ')
                setParams({ filters: { ...params.filters, state: params.filters.state === s ? '' : s } });
            }}
            data-testid={`count-${s}`}
          >
            {t(`states.${s}`)}: {c?.by_state[s] ?? 0}
          </Tag>
        ))}
      </Flex>
      {!!c?.by_type.length && (
        <Flex wrap gap={8} style={{ marginBlockStart: 8 }}>
          <Typography.Text type="secondary">{t('summary.byType')}:</Typography.Text>
          {c.by_type.map((x) => (
            <Tag key={x.type_code}>
              {typeName(x.type_name, x.type_code, lang)}: {x.count}
            </Tag>
          ))}
        </Flex>
      )}
    </Card>
  );
  return (
    <QueryListPage<TicketItem>
      title={t(TITLES[kind])}
      intro={t(`intro.${kind}`)}
      before={summary}
      params={params}
      setParams={setParams}
      list={list}
      fields={[
        { ...enumSearch(t, 'state', t('columns.state'), TICKET_STATES, 'states'), width: 150 },
        {
          name: 'type',
          label: t('columns.type'),
          kind: 'select',
          width: 160,
          // The game's type tree (a type holds its subtypes' tickets), indented by depth, and the one chosen.
          options: [
            ...(types.data ?? []).map((x) => ({
              value: x.code,
              label: `${'— '.repeat(x.depth)}${typeName(x.name, x.code, lang)}`,
            })),
            ...(params.filters.type && !types.data?.some((x) => x.code === params.filters.type)
              ? [{ value: params.filters.type, label: params.filters.type }]
              : []),
          ],
        },
        {
          name: 'assignee',
          label: t('columns.assignee'),
          kind: 'select',
          width: 150,
          options: [
            { value: 'mine', label: t('filters.mine') },
            { value: 'unassigned', label: t('unassigned') },
            ...(assignees.data ?? []).map((u) => ({ value: String(u.id), label: u.username })),
          ],
        },
        ...(kind === 'service'
          ? [{ ...enumSearch(t, 'source', t('columns.kind'), TICKET_KINDS, 'kinds'), width: 150 }]
          : []),
        { name: 'channel', label: t('columns.channel'), width: 120 },
        { name: 'openid', label: t('columns.openid'), width: 180 },
        choiceSearch('rated', t('filters.rated'), 120, [
          ['yes', t('filters.ratedYes')],
          ['no', t('filters.ratedNo')],
        ]),
        { name: 'from', label: t('filters.from'), kind: 'date' },
        { name: 'to', label: t('filters.to'), kind: 'date' },
      ]}
      rowKey="id"
      toolsId={`tickets-${kind}`}
      onRefresh={() => {
        void list.refetch();
        void counts.refetch();
      }}
      exportAs={canExport && 'tickets'}
      exportFilters={{ kind }}
      columns={columns}
      sortFields={{ priority: 'priority', created_at: 'created_at', updated_at: 'updated_at' }}
    >
      <TicketDrawer
        kind={kind}
        id={openId}
        onClose={() => open(undefined)}
        assignees={assignees.data ?? []}
      />
    </QueryListPage>
  );
}
