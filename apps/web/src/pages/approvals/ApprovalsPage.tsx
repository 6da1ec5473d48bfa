import { useMemo } from 'react';
import { Button, Flex, Select, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isAdmin, useGrants } from '@/app/permission/index.ts';
import { apiQuery, useListParams } from '@/shared/crud/list-params.ts';
import { actionsColumn } from '@/shared/crud/ListParts.tsx';
import { PagedTable } from '@/shared/crud/QueryListPage.tsx';
import { formatDateTime } from '@/shared/format.ts';
import {
  APPROVAL_STATUSES,
  STATUS_COLORS,
  kindKey,
  useApprovalList,
  useLiveApprovals,
  type ApprovalRequest,
  type ApprovalStatus,
} from './api.ts';
import { PoliciesPanel } from './PoliciesPanel.tsx';
import { RequestDrawer } from './RequestDrawer.tsx';
import './approvals.css';

type Tab = 'decide' | 'mine' | 'policies';
const FILTERS = ['status'] as const;
/** The decide tab shows the pending requests unless another status (or `all`) is chosen. */
const ALL = 'all';

/**
 * Approvals (`/approvals`): the requests the user may decide, the ones they made, and (admins) the
 * CP's policies. The tab, paging, sort, status and the open request (`id`) live in the address, so
 * a notification's link opens the request.
 */
export function ApprovalsPage() {
  const { t } = useTranslation('approvals');
  const [search, setSearch] = useSearchParams();
  const [params, setParams] = useListParams(FILTERS);
  const admin = isAdmin(useGrants());
  const tab: Tab =
    search.get('tab') === 'mine' ? 'mine' : search.get('tab') === 'policies' && admin ? 'policies' : 'decide';
  const openId = Number(search.get('id')) || null;

  const chosen = params.filters.status;
  const status: ApprovalStatus | undefined =
    chosen === ALL
      ? undefined
      : ((chosen as ApprovalStatus | undefined) ?? (tab === 'decide' ? 'pending' : undefined));
  const query = { ...apiQuery(params), ...(tab === 'mine' ? { mine: 1 } : {}), status: status ?? '' };
  if (!status) delete (query as Record<string, unknown>).status;
  const list = useApprovalList(query);
  useLiveApprovals();

  const setAddress = (change: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(change)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setSearch(next, { replace: true });
  };
  const setTab = (next: Tab) =>
    setAddress({ tab: next === 'decide' ? null : next, status: null, page: null, sort: null });

  const columns = useMemo<ColumnsType<ApprovalRequest>>(
    () => [
      { title: 'ID', dataIndex: 'id', key: 'id', width: 80, sorter: true },
      {
        title: t('columns.kind'),
        dataIndex: 'kind',
        key: 'kind',
        width: 200,
        render: (kind: string) => t(kindKey(kind)),
      },
      { title: t('columns.target'), dataIndex: 'target_name', key: 'target', width: 160 },
      {
        title: t('status.title'),
        dataIndex: 'status',
        key: 'status',
        width: 110,
        sorter: true,
        render: (v: ApprovalStatus) => <Tag color={STATUS_COLORS[v]}>{t(`status.${v}`)}</Tag>,
      },
      {
        title: t('columns.maker'),
        key: 'maker',
        width: 130,
        render: (_, r) => r.maker.username,
      },
      {
        title: t('columns.createdAt'),
        dataIndex: 'created_at',
        key: 'created_at',
        width: 170,
        sorter: true,
        render: (v: string) => formatDateTime(v),
      },
      {
        title: t('columns.checker'),
        key: 'checker',
        width: 130,
        render: (_, r) => r.checker?.username ?? t('detail.none'),
      },
      actionsColumn(t, 100, (r) => (
        <Button type="link" size="small" onClick={() => setAddress({ id: String(r.id) })}>
          {t('details')}
        </Button>
      )),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- setAddress reads the current address
    [t, search],
  );

  const table = (
    <>
      <Flex gap={12} wrap align="center" className="rx-approvals__filters">
        <Select<string>
          value={chosen ?? (tab === 'decide' ? 'pending' : ALL)}
          onChange={(value) =>
            setParams({ filters: { status: value === (tab === 'decide' ? 'pending' : ALL) ? '' : value } })
          }
          aria-label={t('status.title')}
          style={{ width: 180 }}
          options={[
            { value: ALL, label: t('status.all') },
            ...APPROVAL_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
          ]}
        />
      </Flex>
      <PagedTable<ApprovalRequest>
        rowKey="id"
        toolsId={`approvals-${tab}`}
        params={params}
        setParams={setParams}
        list={list}
        columns={columns}
        locale={{ emptyText: t(tab === 'mine' ? 'empty.mine' : 'empty.decide') }}
      />
    </>
  );

  return (
    <>
      <Typography.Title level={4} style={{ marginBlockStart: 0 }}>
        {t('menu:page.approvals')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as Tab)}
        items={[
          { key: 'decide', label: t('tabs.decide'), children: tab === 'decide' ? table : null },
          { key: 'mine', label: t('tabs.mine'), children: tab === 'mine' ? table : null },
          ...(admin ? [{ key: 'policies', label: t('tabs.policies'), children: <PoliciesPanel /> }] : []),
        ]}
      />
      <RequestDrawer id={openId} onClose={() => setAddress({ id: null })} />
    </>
  );
}
