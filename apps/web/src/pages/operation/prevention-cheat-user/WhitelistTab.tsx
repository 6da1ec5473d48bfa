import { useMemo, useState } from 'react';
import { Button, Popconfirm } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CheatWhitelistItem } from '@rx/contracts/cheat-flags';
import { useProduct } from '@/app/product/index.ts';
import { SearchForm } from '@/shared/crud/index.ts';
import { useMessage } from '@/shared/feedback.tsx';
import { formatDateTime } from '@/shared/format.ts';
import { DataTable } from '@/shared/ui/index.ts';
import { useLocalPage } from '@/shared/use-local-page.ts';
import { cheatFlagApi } from './api.ts';

/** Players and rules found false positive: the rule does not flag them until the entry is lifted. */
export function WhitelistTab({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation('cheatFlags');
  const toast = useMessage();
  const client = useQueryClient();
  const productId = useProduct((s) => s.productId);
  const [filters, setFilters] = useState<Record<string, string>>({});
  const { page, setPage, pagination } = useLocalPage();
  const list = useQuery({
    queryKey: ['cheat-flags', 'whitelist', productId, filters, page],
    queryFn: ({ signal }) => cheatFlagApi.whitelist({ ...filters, ...page }, signal),
    placeholderData: keepPreviousData,
  });
  const lift = useMutation({
    mutationFn: (id: number) => cheatFlagApi.lift(id),
    onSuccess: () => {
      toast.success(t('messages.lifted'));
      void client.invalidateQueries({ queryKey: ['cheat-flags'] });
    },
  });
  const columns = useMemo<ColumnsType<CheatWhitelistItem>>(
    () => [
      {
        title: t('columns.openid'),
        dataIndex: 'openid',
        width: 180,
        render: (v: string) => <span dir="ltr">{v}</span>,
      },
      {
        title: t('columns.rule'),
        dataIndex: 'rule',
        width: 150,
        render: (v: string) => <span dir="ltr">{v}</span>,
      },
      { title: t('columns.note'), dataIndex: 'note', width: 200, render: (v: string) => v || '—' },
      {
        title: t('columns.created_by'),
        key: 'by',
        width: 120,
        render: (_, r) => r.created_by?.username ?? '—',
      },
      {
        title: t('columns.created_at'),
        dataIndex: 'created_at',
        width: 160,
        render: (v: string) => formatDateTime(v),
      },
      ...(canEdit
        ? [
            {
              title: t('crud:action.actions'),
              key: 'actions',
              width: 110,
              render: (_: unknown, r: CheatWhitelistItem) => (
                <Popconfirm
                  title={t('form.liftConfirm', { openid: r.openid, rule: r.rule })}
                  onConfirm={() => lift.mutate(r.id)}
                >
                  <Button type="link" size="small" danger>
                    {t('actions.lift')}
                  </Button>
                </Popconfirm>
              ),
            },
          ]
        : []),
    ],
    [t, canEdit, lift],
  );
  return (
    <>
      <SearchForm
        values={filters}
        onSearch={(next) => {
          setFilters(next);
          setPage((p) => ({ ...p, page: 1 }));
        }}
        fields={[
          { name: 'q', label: t('filters.q'), width: 180 },
          { name: 'rule', label: t('columns.rule'), width: 150 },
        ]}
      />
      <DataTable<CheatWhitelistItem>
        rowKey="id"
        data-testid="cheat-whitelist"
        tools={{ id: 'cheat-whitelist', onRefresh: () => void list.refetch(), refreshing: list.isFetching }}
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.list}
        pagination={pagination(list.data?.total)}
      />
    </>
  );
}
