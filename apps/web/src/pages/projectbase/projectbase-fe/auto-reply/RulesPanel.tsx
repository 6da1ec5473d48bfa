import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Button, Flex, Space, Tag, Tooltip } from 'antd';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ColumnsType } from 'antd/es/table';
import { permissionOf } from '@rx/contracts/resource';
import {
  autoRepliesResource,
  autoReplyCreateBody,
  autoReplyUpdateBody,
  type AutoReplyCreate,
  type AutoReplyRule,
  type KeywordWarning,
} from '@rx/contracts/auto-replies';
import {
  ExportButton,
  RowEditDelete,
  enabledColumn,
  useResourceList,
  useResourceMutations,
  useDeleteRow,
  type ListParams,
  actionsColumn,
} from '@/shared/crud/index.ts';
import { usePermission } from '@/app/permission/index.ts';
import { useMessage } from '@/shared/feedback.tsx';
import { useChannelLabel } from '../shared/channels.tsx';
import { blankReply, replySummary, scopePath, windowState, type ReplyScope } from './auto-reply-helpers.ts';
import { RuleForm } from './RuleForm.tsx';
import { formatDateTime } from '@/shared/format.ts';
import { EditDrawer } from '@/shared/crud/FormDrawer.tsx';
import { PagedTable } from '@/shared/crud/QueryListPage.tsx';

export const RESOURCE = autoRepliesResource.name;
const WINDOW_COLORS = { always: 'blue', upcoming: 'gold', active: 'success', ended: 'default' } as const;

interface RulesPanelProps {
  productId: number;
  params: ListParams;
  setParams: (change: Partial<ListParams>) => void;
  /** On a scope's page: new rules start in it. */
  scope?: ReplyScope;
  can: { edit: boolean; remove: boolean; exportRows: boolean };
  /** Filters shown above the table (the list page's search form). */
  filters?: ReactNode;
}

/** What the user may do with rules (the permissions of the auto-reply page). */
export function useRuleRights(): RulesPanelProps['can'] {
  const edit = usePermission([permissionOf(autoRepliesResource, 'update')]);
  const remove = usePermission([permissionOf(autoRepliesResource, 'delete')]);
  const exportRows = usePermission([permissionOf(autoRepliesResource, 'export')]);
  return useMemo(() => ({ edit, remove, exportRows }), [edit, remove, exportRows]);
}

type UpdateBody = Record<string, unknown> & { version: number };
type Saved = AutoReplyRule & { warnings: KeywordWarning[] };

/** The rules, highest priority first; saving one reports keywords it shares with other rules. */
export function RulesPanel({ productId, params, setParams, scope, can, filters }: RulesPanelProps) {
  const { t } = useTranslation('autoReply');
  const message = useMessage();
  const navigate = useNavigate();
  // Highest priority first unless the user sorts otherwise: the order rules are tried in.
  const list = useResourceList<AutoReplyRule>(RESOURCE, { ...params, sort: params.sort ?? '-priority' });
  const { create, update } = useResourceMutations<AutoReplyCreate, UpdateBody>(RESOURCE);
  const deleteRow = useDeleteRow(RESOURCE);
  const channelLabel = useChannelLabel(t('allChannels'));
  const [editing, setEditing] = useState<AutoReplyRule | 'new' | null>(null);
  const [warnings, setWarnings] = useState<{ rule: string; list: KeywordWarning[] } | null>(null);
  const [now] = useState(() => Date.now());
  const fresh = useMemo(
    () => ({
      name: '',
      channel_id: scope?.channelId ?? null,
      platform: scope?.platform ?? null,
      keywords: [{ text: '', match: 'contains' }],
      replies: [blankReply('text')],
      mode: 'reply_all',
      priority: 0,
      start_at: null,
      end_at: null,
      enabled: true,
    }),
    [scope?.channelId, scope?.platform],
  );

  const columns = useMemo<ColumnsType<AutoReplyRule>>(
    () => [
      { title: t('name'), dataIndex: 'name', width: 150, sorter: true },
      {
        title: t('scope'),
        key: 'scope',
        width: 170,
        render: (_, rule) => (
          <Button
            type="link"
            size="small"
            onClick={() =>
              navigate(scopePath(productId, { channelId: rule.channel_id, platform: rule.platform }))
            }
          >
            {channelLabel(rule.channel_id)} ·{' '}
            {rule.platform ? t(`platforms.${rule.platform}`) : t('allPlatforms')}
          </Button>
        ),
      },
      {
        title: t('keywords'),
        dataIndex: 'keywords',
        width: 220,
        render: (keywords: AutoReplyRule['keywords']) =>
          keywords.map((k, i) => (
            <Tooltip key={i} title={t(`matches.${k.match}`)}>
              <Tag color={k.match === 'regex' ? 'purple' : k.match === 'equal' ? 'blue' : 'default'}>
                {k.text}
              </Tag>
            </Tooltip>
          )),
      },
      {
        title: t('replies'),
        dataIndex: 'replies',
        width: 220,
        render: (replies: AutoReplyRule['replies'], rule) => (
          <Tooltip
            title={replies.map((r, i) => (
              <div key={i}>{replySummary(r)}</div>
            ))}
          >
            <Tag>{t(`modes.${rule.mode}`)}</Tag>
            {replies.map((r) => t(`replyTypes.${r.type}`)).join(' + ')}
          </Tooltip>
        ),
      },
      { title: t('priority'), dataIndex: 'priority', width: 80, sorter: true },
      {
        title: t('window'),
        key: 'window',
        width: 110,
        render: (_, rule) => {
          const state = windowState(rule.start_at, rule.end_at, now);
          const range = [rule.start_at, rule.end_at].map((v) => (v ? formatDateTime(v) : '∞'));
          return (
            <Tooltip title={range.join(' ~ ')}>
              <Tag color={WINDOW_COLORS[state]}>{t(`windows.${state}`)}</Tag>
            </Tooltip>
          );
        },
      },
      enabledColumn<AutoReplyRule>(t, t('enabled'), 80),
      actionsColumn(t, 130, (rule) => (
        <RowEditDelete
          size={0}
          canEdit={can.edit}
          canDelete={can.remove}
          onEdit={() => setEditing(rule)}
          onDelete={() => deleteRow(rule.id)}
          confirm={t('confirmDelete', { name: rule.name })}
        />
      )),
    ],
    [t, can, deleteRow, navigate, productId, channelLabel, now],
  );

  const save = async (data: unknown) => {
    const saved = (
      editing === 'new'
        ? await create.mutateAsync(data as AutoReplyCreate)
        : await update.mutateAsync({ id: (editing as AutoReplyRule).id, body: data as UpdateBody })
    ) as Saved;
    setWarnings(saved.warnings.length ? { rule: saved.name, list: saved.warnings } : null);
    void message.success(t('crud:action.saved'));
  };

  return (
    <>
      <Flex gap={8} wrap align="start">
        <div style={{ flex: 1, minWidth: 0 }}>{filters}</div>
        <Space style={{ marginBlockEnd: 16 }}>
          {can.edit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {t('newRule')}
            </Button>
          )}
          {can.exportRows && <ExportButton resource={RESOURCE} filters={params.filters} />}
        </Space>
      </Flex>
      {warnings && (
        <Alert
          type="warning"
          showIcon
          closable={{ onClose: () => setWarnings(null) }}
          data-testid="overlap-warnings"
          title={t('overlapTitle', { name: warnings.rule })}
          description={warnings.list.map((w) => (
            <div key={`${w.keyword}-${w.rule_id}`}>
              {t('overlapLine', { keyword: w.keyword, rule: w.rule_name })}
            </div>
          ))}
          style={{ marginBlockEnd: 12 }}
        />
      )}
      <PagedTable<AutoReplyRule>
        params={params}
        setParams={setParams}
        list={list}
        rowKey="id"
        toolsId="auto-replies"
        columns={columns}
      />
      <EditDrawer
        editing={editing}
        width={720}
        titles={{ create: t('newRule'), edit: t('editRule') }}
        newItem={fresh}
        schemas={{ create: autoReplyCreateBody, update: autoReplyUpdateBody }}
        onSubmit={save}
        onClose={() => setEditing(null)}
      >
        <RuleForm />
      </EditDrawer>
    </>
  );
}
