import { useMemo } from 'react';
import { Alert, Descriptions, Result, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { userGroupsResource, type UserGroup, type UserGroupMember } from '@rx/contracts/user-groups';
import { useProduct } from '@/app/product/index.ts';
import { usePermission } from '@/app/permission/index.ts';
import { apiQuery, useListParams } from '@/shared/crud/index.ts';
import { QueryList } from '@/shared/crud/QueryListPage.tsx';
import { formatDateTime, formatNumber } from '@/shared/format.ts';
import { http } from '@/shared/http.ts';
import { GROUPS, useGroupByKey } from '@/shared/rules/group-by-key.ts';
import { openidColumn } from '@/shared/player-link.tsx';

const FILTERS = ['q', 'layer'] as const;
const STATE_COLORS: Record<string, string> = {
  draft: 'default',
  computing: 'processing',
  ready: 'success',
  failed: 'error',
};

function StateTag({ group }: { group: Pick<UserGroup, 'state' | 'error'> }) {
  const { t } = useTranslation('user-groups');
  const tag = <Tag color={STATE_COLORS[group.state]}>{t(`states.${group.state}`)}</Tag>;
  return group.error ? <Tooltip title={group.error}>{tag}</Tooltip> : tag;
}

/** A group's materialised members: paged, sorted, by layer, exported (CSV/XLSX). */
export function MembersPage() {
  const { t } = useTranslation('user-groups');
  const { uuid } = useParams();
  const productId = useProduct((s) => s.productId);
  const group = useGroupByKey(uuid, true);
  const [params, setParams] = useListParams(FILTERS);
  const canExport = usePermission([userGroupsResource.permissions.export]);
  const id = group.data?.id;
  const members = useQuery({
    queryKey: [GROUPS, 'members', productId, id, params, group.data?.materialized_at],
    queryFn: () =>
      http.get<{ list: UserGroupMember[]; total: number }>(`/${GROUPS}/${id}/members`, apiQuery(params)),
    enabled: !!id,
  });

  const columns = useMemo<ColumnsType<UserGroupMember>>(
    () => [
      openidColumn<UserGroupMember>('openid', 170, true),
      { title: t('member.nickname'), dataIndex: 'nickname', width: 150 },
      { title: t('member.channel'), dataIndex: 'channel', width: 110 },
      { title: t('member.region'), dataIndex: 'region', width: 90 },
      {
        title: t('member.lastLogin'),
        dataIndex: 'last_login_at',
        key: 'last_login_at',
        width: 170,
        sorter: true,
        render: (v: string | null) => formatDateTime(v),
      },
      {
        title: t('member.paid'),
        dataIndex: 'paid_total',
        key: 'paid_total',
        width: 120,
        sorter: true,
        render: (v: number) => formatNumber(v),
      },
      { title: t('member.layer'), dataIndex: 'layer', width: 90, render: (v: string | null) => v ?? '—' },
    ],
    [t],
  );

  if (!productId) return <Alert type="info" showIcon title={t('crud:product.required')} />;
  // An unknown group (a stale link, another game's group) says so in the page's place.
  if (group.isError) return <Result status="404" title={t('notFound')} />;
  const g = group.data;
  return (
    <>
      <Typography.Title level={4} style={{ marginBlockStart: 0 }}>
        {t('membersOf', { name: g?.label ?? '' })}
      </Typography.Title>
      {g && (
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, md: 4 }}
          style={{ marginBlockEnd: 12 }}
          items={[
            { key: 'state', label: t('state'), children: <StateTag group={g} /> },
            { key: 'count', label: t('members'), children: formatNumber(g.member_count) },
            { key: 'at', label: t('materializedAt'), children: formatDateTime(g.materialized_at) },
            {
              key: 'layers',
              label: t('layers.title'),
              children: (
                <Link to={`/commercialactivity/user-group-layered/${encodeURIComponent(g.name)}`}>
                  {g.layers.length
                    ? g.layers.map((l) => `${l.name} ${l.percent}%`).join(' · ')
                    : t('layers.none')}
                </Link>
              ),
            },
          ]}
        />
      )}
      <QueryList<UserGroupMember>
        params={params}
        setParams={setParams}
        list={members}
        fields={[
          { name: 'q', label: t('member.search'), width: 200 },
          ...(g?.layers.length
            ? [
                {
                  name: 'layer',
                  label: t('member.layer'),
                  kind: 'select' as const,
                  width: 140,
                  options: g.layers.map((l) => ({ value: l.key, label: `${l.name} (${l.percent}%)` })),
                },
              ]
            : []),
        ]}
        rowKey="player_id"
        toolsId="user-group-members"
        columns={columns}
        exportAs={canExport && id ? `${GROUPS}/${id}/members` : false}
      />
    </>
  );
}
