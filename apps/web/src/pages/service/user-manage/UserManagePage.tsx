import { useMemo } from 'react';
import { Button, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CS_USER_SEARCH_BY, type CsUser } from '@rx/contracts/cs-desk';
import {
  choiceSearch,
  enumSearch,
  useListParams,
  useResourceList,
  actionsColumn,
} from '@/shared/crud/index.ts';
import { QueryListPage } from '@/shared/crud/QueryListPage.tsx';
import { formatDateTime, formatNumber } from '@/shared/format.ts';
import { UserDrawer } from './UserDrawer.tsx';

const PATH = 'cs/users';
const FILTERS = ['q', 'by', 'blacklisted'] as const;

/**
 * User management (`service/see/user`): the players service knows, searched by openid, role id or
 * name; a row opens the player's card (`?player=<openid>`, a link others can share).
 */
export function UserManagePage() {
  const { t } = useTranslation(['csUsers', 'cs']);
  const [params, setParams] = useListParams(FILTERS);
  const list = useResourceList<CsUser>(PATH, params);
  const [search, setSearch] = useSearchParams();
  const openid = search.get('player') ?? undefined;
  const open = (id: string | undefined) => {
    const next = new URLSearchParams(search);
    if (id) next.set('player', id);
    else next.delete('player');
    setSearch(next, { replace: true });
  };

  const columns = useMemo<ColumnsType<CsUser>>(
    () => [
      { title: t('cs:openid'), dataIndex: 'openid', key: 'openid', width: 190, sorter: true, ellipsis: true },
      { title: t('nickname'), dataIndex: 'nickname', width: 140, ellipsis: true },
      { title: t('channel'), dataIndex: 'channel', width: 100 },
      { title: t('conversations'), dataIndex: 'conversations', width: 100 },
      { title: t('tickets'), dataIndex: 'tickets', width: 90 },
      {
        title: t('paidTotal'),
        dataIndex: 'paid_total',
        key: 'paid_total',
        width: 120,
        sorter: true,
        render: (v: number) => formatNumber(v / 100),
      },
      {
        title: t('blacklist'),
        dataIndex: 'blacklisted',
        width: 110,
        render: (v: boolean) => (v ? <Tag color="error">{t('blacklisted')}</Tag> : '—'),
      },
      {
        title: t('lastContact'),
        dataIndex: 'last_contact_at',
        key: 'last_contact_at',
        width: 170,
        sorter: true,
        render: (v: string) => formatDateTime(v),
      },
      {
        title: t('lastLogin'),
        dataIndex: 'last_login_at',
        key: 'last_login_at',
        width: 170,
        sorter: true,
        render: (v: string | null) => formatDateTime(v),
      },
      actionsColumn(t, 90, (u) => (
        <Button type="link" size="small" onClick={() => open(u.openid)} data-testid={`cs-user-${u.openid}`}>
          {t('view')}
        </Button>
      )),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `open` only writes the address
    [t],
  );

  return (
    <QueryListPage<CsUser>
      title={t('menu:page.serviceUsers')}
      intro={t('intro')}
      params={params}
      setParams={setParams}
      list={list}
      toolsId="cs-users"
      rowKey="openid"
      columns={columns}
      fields={[
        { name: 'q', label: t('search'), width: 200 },
        { ...enumSearch(t, 'by', t('searchBy'), CS_USER_SEARCH_BY, 'by'), width: 130 },
        choiceSearch('blacklisted', t('blacklist'), 120, [
          ['yes', t('blacklisted')],
          ['no', t('notBlacklisted')],
        ]),
      ]}
    >
      <UserDrawer openid={openid} onClose={() => open(undefined)} />
    </QueryListPage>
  );
}
