import { useEffect, useMemo, useState } from 'react';
import { Button, Descriptions, Drawer, Space, Spin, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { CS_STATES, csRecordAccess, type CsConversation, type CsMessage } from '@rx/contracts/cs';
import { usePermission } from '@/app/permission/index.ts';
import { enumSearch, saveBlob, useListParams, useResourceList, actionsColumn } from '@/shared/crud/index.ts';
import { QueryListPage } from '@/shared/crud/QueryListPage.tsx';
import { formatDateTime } from '@/shared/format.ts';
import { ApiError, http } from '@/shared/http.ts';
import { useMessage } from '@/shared/feedback.tsx';
import { MessageLine } from '@/shared/cs/MessageLine.tsx';

const PATH = 'cs/session-records';
const FILTERS = ['q', 'state', 'from', 'to'] as const;
const STATE_COLORS = { pending: 'purple', open: 'blue', snoozed: 'gold', resolved: 'green' } as const;

/** One conversation's whole transcript, notes included, with its export. */
function Transcript({ record, onClose }: { record: CsConversation | null; onClose: () => void }) {
  const { t } = useTranslation(['csRecords', 'cs']);
  const message = useMessage();
  const canExport = usePermission([csRecordAccess.permissions.export]);
  const [messages, setMessages] = useState<CsMessage[] | null>(null);
  useEffect(() => {
    if (!record) return;
    let live = true;
    http
      .get<{ list: CsMessage[] }>(`/${PATH}/${record.id}/messages`, undefined, { silent: true })
      .then((answer) => live && setMessages(answer.list))
      .catch((error: unknown) => {
        if (!live) return;
        setMessages([]);
        void message.error(error instanceof ApiError ? error.msg : String(error));
      });
    return () => {
      live = false;
      setMessages(null);
    };
  }, [record, message]);
  const download = async (format: 'csv' | 'xlsx') => {
    if (!record) return;
    try {
      const file = await http.download(`/${PATH}/${record.id}/transcript`, { format }, { silent: true });
      saveBlob(file.blob, file.filename);
    } catch (error) {
      void message.error(error instanceof ApiError ? error.msg : String(error));
    }
  };
  return (
    <Drawer
      open={record !== null}
      onClose={onClose}
      title={record ? t('transcriptOf', { name: record.nickname || record.openid }) : ''}
      size={640}
      extra={
        canExport && (
          <Space>
            <Button onClick={() => void download('csv')} data-testid="cs-transcript-csv">
              {t('exportCsv')}
            </Button>
            <Button onClick={() => void download('xlsx')}>{t('exportXlsx')}</Button>
          </Space>
        )
      }
    >
      {record && (
        <Descriptions size="small" column={1} style={{ marginBlockEnd: 12 }}>
          <Descriptions.Item label={t('cs:openid')}>{record.openid}</Descriptions.Item>
          <Descriptions.Item label={t('state')}>{t(`cs:state.${record.state}`)}</Descriptions.Item>
          <Descriptions.Item label={t('agent')}>{record.assignee_name ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('rating')}>
            {record.rating !== null ? `${record.rating}/5 ${record.rating_comment}` : '—'}
          </Descriptions.Item>
        </Descriptions>
      )}
      <div className="rx-cs-messages" role="log" aria-label={t('cs:messages')} data-testid="cs-transcript">
        {messages === null ? <Spin /> : messages.map((m) => <MessageLine key={m.id} message={m} />)}
      </div>
    </Drawer>
  );
}

/**
 * Session records (`service/see/session_record`): every conversation of the game, by player or by
 * what was said, state and opening time, sorted and paged in the address; a row opens its transcript.
 */
export function SessionRecordsPage() {
  const { t } = useTranslation(['csRecords', 'cs']);
  const [params, setParams] = useListParams(FILTERS);
  const list = useResourceList<CsConversation>(PATH, params);
  const [open, setOpen] = useState<CsConversation | null>(null);

  const columns = useMemo<ColumnsType<CsConversation>>(
    () => [
      { title: 'ID', dataIndex: 'id', width: 80, sorter: true },
      {
        title: t('player'),
        key: 'player',
        width: 180,
        render: (_, c) => (c.nickname ? `${c.nickname} (${c.openid})` : c.openid),
      },
      {
        title: t('state'),
        dataIndex: 'state',
        width: 110,
        render: (state: CsConversation['state']) => (
          <Tag color={STATE_COLORS[state]}>{t(`cs:state.${state}`)}</Tag>
        ),
      },
      { title: t('agent'), dataIndex: 'assignee_name', width: 110, render: (v: string | null) => v ?? '—' },
      {
        title: t('rating'),
        dataIndex: 'rating',
        width: 90,
        sorter: true,
        render: (v: number | null) => (v === null ? '—' : `${v}/5`),
      },
      { title: t('lastMessage'), dataIndex: 'last_message', width: 220, ellipsis: true },
      {
        title: t('openedAt'),
        dataIndex: 'created_at',
        width: 170,
        sorter: true,
        render: (v: string) => formatDateTime(v),
      },
      {
        title: t('lastAt'),
        dataIndex: 'last_message_at',
        width: 170,
        sorter: true,
        render: (v: string) => formatDateTime(v),
      },
      actionsColumn(t, 100, (c) => (
        <Button type="link" size="small" onClick={() => setOpen(c)} data-testid={`cs-record-${c.id}`}>
          {t('view')}
        </Button>
      )),
    ],
    [t],
  );

  return (
    <QueryListPage<CsConversation>
      title={t('menu:page.sessionRecords')}
      intro={t('intro')}
      params={params}
      setParams={setParams}
      list={list}
      toolsId="cs-session-records"
      rowKey="id"
      columns={columns}
      fields={[
        { name: 'q', label: t('search'), width: 200 },
        { ...enumSearch(t, 'state', t('state'), CS_STATES, 'cs:state'), width: 140 },
      ]}
    >
      <Transcript record={open} onClose={() => setOpen(null)} />
    </QueryListPage>
  );
}
