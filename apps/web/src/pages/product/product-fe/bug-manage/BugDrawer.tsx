import { useState } from 'react';
import { Button, Descriptions, Drawer, Empty, Image, Input, List, Space, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { bugsResource, type Bug, type BugComment } from '@rx/contracts/bugs';
import { resourceKey } from '@/shared/crud/index.ts';
import { useMessage } from '@/shared/feedback.tsx';
import { formatDateTime } from '@/shared/format.ts';
import { http } from '@/shared/http.ts';
import { BugTags } from './BugTags.tsx';

const RESOURCE = bugsResource.name;

/** One bug: its facts, attachments and thread (comments and moves); staff who may edit comment on it. */
export function BugDrawer({
  id,
  canEdit,
  onClose,
}: {
  id: number | null;
  canEdit: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('bugs');
  const message = useMessage();
  const client = useQueryClient();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const bug = useQuery({
    queryKey: resourceKey(RESOURCE, 'one', id),
    queryFn: ({ signal }) => http.get<Bug>(`/${RESOURCE}/${id}`, undefined, { signal }),
    enabled: id !== null,
  });
  const thread = useQuery({
    queryKey: resourceKey(RESOURCE, 'comments', id),
    queryFn: ({ signal }) =>
      http.get<{ list: BugComment[] }>(`/${RESOURCE}/${id}/comments`, undefined, { signal }),
    enabled: id !== null,
  });
  const send = async () => {
    if (!text.trim() || id === null) return;
    setBusy(true);
    try {
      await http.post(`/${RESOURCE}/${id}/comments`, { body: text.trim() });
      setText('');
      void message.success(t('commented'));
      void client.invalidateQueries({ queryKey: resourceKey(RESOURCE, 'comments', id) });
    } finally {
      setBusy(false);
    }
  };
  const b = bug.data;
  return (
    <Drawer
      open={id !== null}
      onClose={() => {
        setText('');
        onClose();
      }}
      title={b ? `#${b.id} ${b.title}` : t('bug')}
      size={720}
      destroyOnHidden
      loading={bug.isLoading}
    >
      {b && (
        <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="bug-detail">
          <BugTags bug={b} />
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              { key: 'assignee', label: t('assignee'), children: b.assignee || '—' },
              { key: 'found', label: t('foundVersion'), children: b.found_version?.name ?? '—' },
              { key: 'fixed', label: t('fixedVersion'), children: b.fixed_version?.name ?? '—' },
              { key: 'reopen', label: t('reopenCount'), children: b.reopen_count },
              ...(b.duplicate_of
                ? [{ key: 'dup', label: t('duplicateOf'), children: `#${b.duplicate_of}` }]
                : []),
              ...(b.run_id
                ? [{ key: 'run', label: t('fromRun'), children: t('fromRunText', { run: b.run_id }) }]
                : []),
              {
                key: 'by',
                label: t('createdBy'),
                children: `${b.created_by} · ${formatDateTime(b.created_at)}`,
              },
              {
                key: 'steps',
                label: t('steps'),
                children: (
                  <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
                    {b.steps || '—'}
                  </Typography.Paragraph>
                ),
              },
            ]}
          />
          {b.attachments.length > 0 && (
            <Image.PreviewGroup>
              <Space wrap>
                {b.attachments.map((url, i) => (
                  <Image key={url} src={url} width={96} alt={t('attachmentN', { n: i + 1 })} />
                ))}
              </Space>
            </Image.PreviewGroup>
          )}
          <Typography.Title level={5}>{t('thread')}</Typography.Title>
          {thread.data && thread.data.list.length === 0 ? (
            <Empty description={t('noComments')} />
          ) : (
            <List<BugComment>
              size="small"
              loading={thread.isLoading}
              dataSource={thread.data?.list ?? []}
              data-testid="bug-thread"
              renderItem={(c) => (
                <List.Item>
                  <Space direction="vertical" size={2}>
                    <Space size={4} wrap>
                      {c.kind !== 'comment' && <Tag>{t(`actions.${c.kind}`)}</Tag>}
                      <Typography.Text type="secondary">
                        {c.created_by} · {formatDateTime(c.created_at)}
                      </Typography.Text>
                    </Space>
                    {c.body && <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{c.body}</Typography.Text>}
                  </Space>
                </List.Item>
              )}
            />
          )}
          {canEdit && (
            <Space.Compact style={{ width: '100%' }}>
              <Input.TextArea
                value={text}
                onChange={(e) => setText(e.target.value)}
                maxLength={2000}
                autoSize={{ minRows: 2, maxRows: 6 }}
                aria-label={t('comment')}
                placeholder={t('commentPlaceholder')}
              />
              <Button type="primary" loading={busy} disabled={!text.trim()} onClick={() => void send()}>
                {t('send')}
              </Button>
            </Space.Compact>
          )}
        </Space>
      )}
    </Drawer>
  );
}
