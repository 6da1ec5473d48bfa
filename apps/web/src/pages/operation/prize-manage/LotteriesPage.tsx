import { useMemo, useState } from 'react';
import { Button, Popconfirm, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LOTTERY_STATUSES, lotteriesResource } from '@rx/contracts/lotteries';
import type { Lottery, LotteryCreate, LotteryStatus } from '@rx/contracts/lotteries';
import { usePermission } from '@/app/permission/index.ts';
import * as crud from '@/shared/crud/index.ts';
import { ResourceListPage } from '@/shared/crud/ResourceListPage.tsx';
import { useMessage } from '@/shared/feedback.tsx';
import { http } from '@/shared/http.ts';
import { DrawsDrawer } from './DrawsDrawer.tsx';
import { LotteryForm, NEW_PRIZE } from './LotteryForm.tsx';

const NEW_LOTTERY: Partial<LotteryCreate> = {
  name: '',
  prizes: [NEW_PRIZE],
  fallback: { name: '', weight: 0, attachments: [] },
  entry_kind: 'none',
  entry_min: 0,
  draws_per_player: 1,
  mail_title: '',
};
const STATUS_COLOURS: Record<LotteryStatus, string> = { draft: 'default', live: 'green', ended: 'red' };

/**
 * Lottery (`share/see/prize`): prizes with weights, stock and caps; started, the seed's hash is
 * published; ended, the seed is revealed so every draw record can be checked.
 */
export function LotteriesPage() {
  const { t } = useTranslation('lottery');
  const toast = useMessage();
  const client = useQueryClient();
  const canEdit = usePermission([lotteriesResource.permissions.edit]);
  const [drawsOf, setDrawsOf] = useState<Lottery | null>(null);
  const move = useMutation({
    mutationFn: ({ row, action }: { row: Lottery; action: 'start' | 'end' }) =>
      http.post<Lottery>(`/${lotteriesResource.name}/${row.id}/${action}`, { version: row.version }),
    onSuccess: (saved) => {
      toast.success(t(`done.${saved.status}`));
      void client.invalidateQueries({ queryKey: [lotteriesResource.name] });
    },
  });
  const columns = useMemo<ColumnsType<Lottery>>(
    () => [
      { title: t('crud:field.name'), dataIndex: 'name', width: 160, sorter: true },
      {
        title: t('crud:field.status'),
        dataIndex: 'status',
        key: 'status',
        width: 100,
        sorter: true,
        render: (status: LotteryStatus) => (
          <Tag color={STATUS_COLOURS[status]}>{t(`statuses.${status}`)}</Tag>
        ),
      },
      {
        title: t('prizes'),
        key: 'prizes',
        width: 240,
        render: (_, row) =>
          row.prizes.map((p) => <Tag key={p.key}>{`${p.name} ${row.given[p.key] ?? 0}/${p.stock}`}</Tag>),
      },
      { title: t('draws'), dataIndex: 'draws', width: 80 },
      {
        title: t('seedHash'),
        dataIndex: 'seed_hash',
        width: 150,
        render: (hash: string | null) =>
          hash ? (
            <Typography.Text code copyable={{ text: hash }}>
              {hash.slice(0, 12)}
            </Typography.Text>
          ) : (
            '—'
          ),
      },
      crud.updatedAtColumn<Lottery>(t),
    ],
    [t],
  );
  return (
    <>
      <ResourceListPage<Lottery>
        resource={lotteriesResource}
        title={t('menu:page.lottery')}
        columns={columns}
        drawerWidth={820}
        actionsWidth={260}
        search={[crud.enumSearch(t, 'status', t('crud:field.status'), LOTTERY_STATUSES, 'statuses')]}
        rowRule={(row) => ({ edit: row.status === 'draft', delete: row.status === 'draft' })}
        rowActions={(row) => (
          <>
            {canEdit && row.status !== 'ended' && (
              <Popconfirm
                title={t(row.status === 'draft' ? 'confirm.start' : 'confirm.end')}
                okButtonProps={{ danger: row.status === 'live' }}
                onConfirm={() => move.mutate({ row, action: row.status === 'draft' ? 'start' : 'end' })}
              >
                <Button
                  type="link"
                  size="small"
                  data-testid={`lottery-${row.status === 'draft' ? 'start' : 'end'}`}
                >
                  {t(row.status === 'draft' ? 'actions.start' : 'actions.end')}
                </Button>
              </Popconfirm>
            )}
            {row.status !== 'draft' && (
              <Button
                type="link"
                size="small"
                data-testid="lottery-draws-open"
                onClick={() => setDrawsOf(row)}
              >
                {t('actions.draws')}
              </Button>
            )}
          </>
        )}
        newFields={NEW_LOTTERY}
        nameOf={(row) => row.name}
        form={() => <LotteryForm />}
      />
      {drawsOf && <DrawsDrawer lottery={drawsOf} onClose={() => setDrawsOf(null)} />}
    </>
  );
}
