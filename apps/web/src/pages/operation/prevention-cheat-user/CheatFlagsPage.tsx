import { useMemo, useState } from 'react';
import { Button, Space, Tabs } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  CHEAT_FLAG_SOURCES,
  CHEAT_FLAG_STATES,
  cheatFlagMoves,
  cheatFlagsResource,
  type CheatFlagItem,
} from '@rx/contracts/cheat-flags';
import { usePermission } from '@/app/permission/index.ts';
import { ExportButton, enumSearch } from '@/shared/crud/index.ts';
import { QueryList } from '@/shared/crud/QueryListPage.tsx';
import { useResource } from '@/shared/crud/use-resource.ts';
import { useMessage } from '@/shared/feedback.tsx';
import { formatDateTime } from '@/shared/format.ts';
import { GamePage } from '@/shared/ui/index.ts';
import { cheatFlagApi } from './api.ts';
import { ConfirmDialog, FlagDialog, NoteDialog, type ManualFlag } from './dialogs.tsx';
import { FlagDrawer } from './FlagDrawer.tsx';
import { ScoreTag, StateTag } from './parts.tsx';
import { WhitelistTab } from './WhitelistTab.tsx';
import { idSelection } from '@/shared/crud/row-selection.ts';

const RESOURCE = cheatFlagsResource;
type Move = 'start_review' | 'confirm' | 'dismiss';

/**
 * Anti-cheat users: flagged players (a game's report, a server rule, staff by hand) with their score,
 * hits and evidence; staff start the review, confirm (a violation template applied) or find a false
 * positive (the player and rule whitelisted); the whitelist on its own tab.
 */
export function CheatFlagsPage() {
  const { t } = useTranslation('cheatFlags');
  const toast = useMessage();
  const client = useQueryClient();
  const { params, setParams, list, can } = useResource<CheatFlagItem>(RESOURCE, {
    defaultSort: '-last_seen',
  });
  const canEdit = usePermission([RESOURCE.permissions.edit]);
  const [selected, setSelected] = useState<number[]>([]);
  const [open, setOpen] = useState<number | undefined>();
  const [confirming, setConfirming] = useState<CheatFlagItem | null>(null);
  const [dismissing, setDismissing] = useState<CheatFlagItem[] | null>(null);
  const [flagging, setFlagging] = useState(false);
  const [tab, setTab] = useState('flags');

  const refresh = () => void client.invalidateQueries({ queryKey: [RESOURCE.name] });
  const review = useMutation({
    mutationFn: (flag: CheatFlagItem) => cheatFlagApi.startReview(flag),
    onSuccess: () => {
      toast.success(t('messages.reviewStarted'));
      refresh();
    },
  });
  const confirm = useMutation({
    mutationFn: (v: { flag: CheatFlagItem; template_id: number; note: string }) =>
      cheatFlagApi.confirm(v.flag, { template_id: v.template_id, note: v.note }),
    onSuccess: (answer) => {
      toast.success(
        t('messages.confirmed', {
          offence: answer.applied.offence,
          action: t(`steps.${answer.applied.step.action}`),
        }),
      );
      setConfirming(null);
      refresh();
    },
  });
  const dismiss = useMutation({
    mutationFn: async ({ flags, note }: { flags: CheatFlagItem[]; note: string }) => {
      if (flags.length === 1) return { one: await cheatFlagApi.dismiss(flags[0]!, note) };
      return {
        bulk: await cheatFlagApi.bulk(
          flags.map((f) => f.id),
          'dismiss',
          note,
        ),
      };
    },
    onSuccess: (answer) => {
      if ('bulk' in answer && answer.bulk) bulkToast(answer.bulk);
      else toast.success(t('messages.dismissed'));
      setDismissing(null);
      setSelected([]);
      refresh();
    },
  });
  const bulkReview = useMutation({
    mutationFn: () => cheatFlagApi.bulk(selected, 'start_review'),
    onSuccess: (answer) => {
      bulkToast(answer);
      setSelected([]);
      refresh();
    },
  });
  const manual = useMutation({
    mutationFn: (values: ManualFlag) => cheatFlagApi.flag(values),
    onSuccess: () => {
      toast.success(t('messages.flagged'));
      setFlagging(false);
      refresh();
    },
  });
  function bulkToast(answer: Awaited<ReturnType<typeof cheatFlagApi.bulk>>) {
    if ('job_id' in answer)
      toast.success(t('messages.bulkStarted', { id: answer.job_id, count: answer.count }));
    else
      toast.success(
        t('messages.bulkDone', {
          ok: answer.results.filter((r) => r.result === 'ok').length,
          skipped: answer.results.filter((r) => r.result !== 'ok').length,
        }),
      );
  }
  const act = (move: Move, flag: CheatFlagItem) => {
    if (move === 'start_review') review.mutate(flag);
    else if (move === 'confirm') setConfirming(flag);
    else setDismissing([flag]);
  };

  const columns = useMemo<ColumnsType<CheatFlagItem>>(
    () => [
      {
        title: t('columns.openid'),
        dataIndex: 'openid',
        width: 170,
        render: (v: string, r) => (
          <Button type="link" size="small" onClick={() => setOpen(r.id)} data-testid="cheat-open" dir="ltr">
            {v}
          </Button>
        ),
      },
      {
        title: t('columns.score'),
        dataIndex: 'score',
        width: 120,
        sorter: true,
        render: (v: number) => <ScoreTag t={t} score={v} />,
      },
      {
        title: t('columns.rule'),
        dataIndex: 'rule',
        width: 150,
        render: (v: string) => <span dir="ltr">{v}</span>,
      },
      {
        title: t('columns.source'),
        dataIndex: 'source',
        width: 120,
        render: (v: string) => t(`sources.${v}`),
      },
      { title: t('columns.hits'), dataIndex: 'hits', width: 80, sorter: true },
      {
        title: t('columns.state'),
        dataIndex: 'state',
        width: 120,
        render: (_, r) => <StateTag t={t} state={r.state} />,
      },
      {
        title: t('columns.last_seen'),
        dataIndex: 'last_seen',
        width: 160,
        sorter: true,
        render: (v: string) => formatDateTime(v),
      },
      {
        title: t('columns.first_seen'),
        dataIndex: 'first_seen',
        width: 160,
        render: (v: string) => formatDateTime(v),
      },
      {
        title: t('columns.assignee'),
        key: 'assignee',
        width: 110,
        render: (_, r) => r.assignee?.username ?? '—',
      },
      {
        title: t('crud:action.actions'),
        key: 'actions',
        width: 200,
        render: (_, r) => {
          const moves = canEdit ? cheatFlagMoves(r.state) : [];
          return (
            <Space size={0}>
              <Button type="link" size="small" onClick={() => setOpen(r.id)}>
                {t('actions.details')}
              </Button>
              {moves.includes('start_review') && (
                <Button type="link" size="small" onClick={() => act('start_review', r)}>
                  {t('actions.startReview')}
                </Button>
              )}
              {moves.includes('confirm') && (
                <Button type="link" size="small" danger onClick={() => act('confirm', r)}>
                  {t('actions.confirm')}
                </Button>
              )}
              {moves.includes('dismiss') && (
                <Button type="link" size="small" onClick={() => act('dismiss', r)}>
                  {t('actions.dismiss')}
                </Button>
              )}
            </Space>
          );
        },
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- act only opens dialogs and mutates
    [t, canEdit],
  );

  const rows = list.data?.list ?? [];
  const chosen = rows.filter((r) => selected.includes(r.id));
  const flagsTab = (
    <QueryList<CheatFlagItem>
      params={params}
      setParams={setParams}
      list={list}
      searchExtra={
        <Space wrap>
          {canEdit && (
            <Button type="primary" onClick={() => setFlagging(true)}>
              {t('actions.flag')}
            </Button>
          )}
          {can.export && <ExportButton resource={RESOURCE.name} filters={params.filters} />}
        </Space>
      }
      fields={[
        { name: 'q', label: t('filters.q'), width: 170 },
        { ...enumSearch(t, 'state', t('columns.state'), CHEAT_FLAG_STATES, 'states'), width: 140 },
        { ...enumSearch(t, 'source', t('columns.source'), CHEAT_FLAG_SOURCES, 'sources'), width: 140 },
        { name: 'rule', label: t('columns.rule'), width: 140 },
        { name: 'score_min', label: t('filters.score_min'), width: 90 },
        { name: 'score_max', label: t('filters.score_max'), width: 90 },
        { name: 'from', label: t('filters.from'), kind: 'date' },
        { name: 'to', label: t('filters.to'), kind: 'date' },
      ]}
      rowKey="id"
      toolsId="cheat-flags"
      leading={
        canEdit && (
          <Space wrap>
            <Button
              disabled={!chosen.some((r) => r.state === 'flagged')}
              loading={bulkReview.isPending}
              onClick={() => bulkReview.mutate()}
              data-testid="cheat-bulk-review"
            >
              {t('actions.bulkStartReview', { count: selected.length })}
            </Button>
            <Button
              disabled={chosen.length === 0}
              onClick={() => setDismissing(chosen)}
              data-testid="cheat-bulk-dismiss"
            >
              {t('actions.bulkDismiss', { count: selected.length })}
            </Button>
          </Space>
        )
      }
      rowSelection={idSelection(canEdit, selected, setSelected, (r: CheatFlagItem) => ({
        disabled: r.state === 'confirmed' || r.state === 'false_positive',
        'aria-label': t('actions.select', { openid: r.openid, rule: r.rule }),
      }))}
      columns={columns}
    />
  );
  return (
    <GamePage title={t('menu:page.antiCheatUsers')} intro={t('intro')}>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'flags', label: t('tabs.flags'), children: flagsTab },
          {
            key: 'whitelist',
            label: t('tabs.whitelist'),
            children: <WhitelistTab canEdit={canEdit} />,
            destroyOnHidden: true,
          },
        ]}
      />
      <FlagDrawer
        id={open}
        canEdit={canEdit}
        busy={review.isPending}
        onClose={() => setOpen(undefined)}
        onAction={act}
      />
      <ConfirmDialog
        flag={confirming}
        busy={confirm.isPending}
        onCancel={() => setConfirming(null)}
        onSubmit={(v) => confirming && confirm.mutate({ flag: confirming, ...v })}
      />
      <NoteDialog
        open={dismissing !== null}
        title={
          dismissing && dismissing.length > 1
            ? t('form.dismissManyTitle', { count: dismissing.length })
            : t('form.dismissTitle', { openid: dismissing?.[0]?.openid ?? '' })
        }
        hint={t('form.dismissHint')}
        okText={t('actions.dismiss')}
        busy={dismiss.isPending}
        onCancel={() => setDismissing(null)}
        onSubmit={(note) => dismissing && dismiss.mutate({ flags: dismissing, note })}
      />
      <FlagDialog
        open={flagging}
        busy={manual.isPending}
        onCancel={() => setFlagging(false)}
        onSubmit={(values) => manual.mutate(values)}
      />
    </GamePage>
  );
}
