import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Descriptions,
  Drawer,
  Empty,
  Flex,
  Image,
  Popconfirm,
  Rate,
  Select,
  Space,
  Spin,
  Tag,
  Typography,
} from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  TICKET_PRIORITIES,
  TICKET_STAFF_MOVES,
  ticketsResourceOf,
  type TicketAssignee,
  type TicketDetail,
  type TicketQueue,
  type TicketPriority,
  type TicketReply,
  type TicketStaffMove,
} from '@rx/contracts/tickets';
import { usePermission } from '@/app/permission/index.ts';
import { useMessage } from '@/shared/feedback.tsx';
import { formatDateTime } from '@/shared/format.ts';
import { currentLanguage, useLocale } from '@/shared/i18n.ts';
import { RichTextEditor } from '@/shared/rich-text/RichTextEditor.tsx';
import { storage } from '@/shared/storage.ts';
import { ticketApi, ticketKeys } from './api.ts';
import { PriorityTag, StateTag, typeName } from './parts.tsx';

interface Props {
  kind: TicketQueue;
  id: number | undefined;
  onClose: () => void;
  assignees: TicketAssignee[];
}

/** Whether rich text holds anything to send (text or an image). */
const hasContent = (html: string) =>
  /<img\b/i.test(html) ||
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim() !== '';

/**
 * One ticket: the player and their device, the thread (internal notes marked), the reply box with
 * canned replies, state actions, assignment, priority and the player's rating.
 */
export function TicketDrawer({ kind, id, onClose, assignees }: Props) {
  const { t } = useTranslation('tickets');
  const toast = useMessage();
  const client = useQueryClient();
  const direction = useLocale((s) => s.direction);
  const lang = currentLanguage();
  const canEdit = usePermission([ticketsResourceOf(kind).permissions.edit]);
  const canSeeRefunds = usePermission(['refund/see/refund']);
  const rawMe = storage.userInfo.get()?.id;
  const me = rawMe === undefined || rawMe === null ? undefined : Number(rawMe);
  const [html, setHtml] = useState('');
  const [editorKey, setEditorKey] = useState(0);
  const [internal, setInternal] = useState(false);

  const detail = useQuery({
    queryKey: ticketKeys.item(id ?? 0),
    queryFn: ({ signal }) => ticketApi.detail(id!, signal),
    enabled: !!id,
  });
  const canned = useQuery({
    queryKey: ticketKeys.canned(kind, id ?? 0),
    queryFn: () => ticketApi.canned(kind, id!),
    enabled: !!id && canEdit,
  });
  const refresh = (data?: TicketDetail) => {
    if (data) client.setQueryData(ticketKeys.item(data.id), data);
    void client.invalidateQueries({ queryKey: ticketKeys.all() });
  };
  const done = (data?: TicketDetail) => {
    refresh(data);
    toast.success(t('detail.saved'));
  };
  const assign = useMutation({
    mutationFn: (userId: number) => ticketApi.assign(id!, userId),
    onSuccess: () => done(),
  });
  const move = useMutation({
    mutationFn: (action: TicketStaffMove) => ticketApi.move(id!, action),
    onSuccess: done,
  });
  const priority = useMutation({
    mutationFn: (p: TicketPriority) => ticketApi.priority(id!, p),
    onSuccess: () => done(),
  });
  const reply = useMutation({
    mutationFn: () => ticketApi.reply(id!, html, internal),
    onSuccess: (data) => {
      setHtml('');
      setInternal(false);
      setEditorKey((k) => k + 1);
      done(data);
    },
  });

  const ticket = detail.data;
  const open = ticket && ticket.state !== 'closed';
  const moves = ticket ? TICKET_STAFF_MOVES.filter((m) => ticket.actions.includes(m)) : [];
  return (
    <Drawer
      open={!!id}
      onClose={onClose}
      size="min(760px, 100vw)"
      destroyOnHidden
      title={
        ticket ? `#${ticket.id} · ${typeName(ticket.type_name, ticket.type_code, lang)}` : t('detail.title')
      }
      extra={ticket && <StateTag t={t} state={ticket.state} />}
    >
      {detail.isLoading && <Spin />}
      {detail.isError && <Alert type="error" showIcon title={t('detail.loadFailed')} />}
      {ticket && (
        <Flex vertical gap={16} data-testid="ticket-drawer">
          <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
            <Descriptions.Item label={t('columns.openid')}>
              <Link to={`/useraccount/userManage/userOption/${encodeURIComponent(ticket.openid)}`}>
                {ticket.openid}
              </Link>
            </Descriptions.Item>
            <Descriptions.Item label={t('columns.role')}>
              {[ticket.role_name, ticket.role_id].filter(Boolean).join(' · ') || '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('columns.server')}>{ticket.server || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('columns.channel')}>{ticket.channel || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('detail.device')}>
              {[ticket.device, ticket.os, ticket.app_version].filter(Boolean).join(' · ') || '—'}
            </Descriptions.Item>
            {ticket.order_no && (
              <Descriptions.Item label={t('detail.orderNo')}>
                {/* The order's refund record, for staff who may see refunds (issue 27). */}
                {canSeeRefunds ? (
                  <Link to={`/useraccount/refund/detail/${encodeURIComponent(ticket.order_no)}`}>
                    {ticket.order_no}
                  </Link>
                ) : (
                  ticket.order_no
                )}
              </Descriptions.Item>
            )}
            {ticket.reported_openid && (
              <Descriptions.Item label={t('columns.reported')}>
                <Link to={`/useraccount/userManage/userOption/${encodeURIComponent(ticket.reported_openid)}`}>
                  {ticket.reported_openid}
                </Link>
                {ticket.reported_role ? ` · ${ticket.reported_role}` : ''}
              </Descriptions.Item>
            )}
            <Descriptions.Item label={t('columns.created')}>
              {formatDateTime(ticket.created_at)}
            </Descriptions.Item>
            <Descriptions.Item label={t('columns.priority')}>
              <PriorityTag t={t} priority={ticket.priority} />
            </Descriptions.Item>
            <Descriptions.Item label={t('detail.rating')}>
              {ticket.rating === null ? (
                <Typography.Text type="secondary">{t('detail.notRated')}</Typography.Text>
              ) : (
                <Space direction="vertical" size={0} data-testid="ticket-rating">
                  <Rate disabled value={ticket.rating} aria-label={t('detail.rating')} />
                  <Typography.Text>
                    {ticket.rating}/5 {ticket.rating_comment && `· ${ticket.rating_comment}`}
                  </Typography.Text>
                </Space>
              )}
            </Descriptions.Item>
          </Descriptions>

          <div>
            <Typography.Title level={5}>{t('detail.content')}</Typography.Title>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{ticket.content}</Typography.Paragraph>
            <Attachments urls={ticket.attachments} alt={t('detail.attachment')} />
          </div>

          {canEdit && (
            <Flex wrap gap={8} align="center">
              <Typography.Text>{t('columns.assignee')}:</Typography.Text>
              <Select
                aria-label={t('detail.assignTo')}
                style={{ minWidth: 160 }}
                value={ticket.assignee?.id}
                placeholder={t('unassigned')}
                disabled={!open}
                options={assignees.map((u) => ({ value: u.id, label: u.username }))}
                onChange={(v: number) => assign.mutate(v)}
              />
              {me !== undefined && ticket.assignee?.id !== me && (
                <Button
                  disabled={!open}
                  loading={assign.isPending}
                  onClick={() => assign.mutate(me)}
                  data-testid="assign-me"
                >
                  {t('detail.assignMe')}
                </Button>
              )}
              <Select
                aria-label={t('columns.priority')}
                style={{ minWidth: 110 }}
                value={ticket.priority}
                disabled={!open}
                options={TICKET_PRIORITIES.map((p) => ({ value: p, label: t(`priorities.${p}`) }))}
                onChange={(v: TicketPriority) => priority.mutate(v)}
              />
            </Flex>
          )}
          {canEdit && moves.length > 0 && (
            <Flex wrap gap={8}>
              {moves.map((m) =>
                m === 'close' ? (
                  // Closing ends the conversation with the player: asked once more.
                  <Popconfirm
                    key={m}
                    title={t('actions.closeConfirm')}
                    okButtonProps={{ danger: true }}
                    onConfirm={() => move.mutate(m)}
                  >
                    <Button danger loading={move.isPending && move.variables === m} data-testid={`move-${m}`}>
                      {t(`actions.${m}`)}
                    </Button>
                  </Popconfirm>
                ) : (
                  <Button
                    key={m}
                    type={m === 'resolve' ? 'primary' : 'default'}
                    loading={move.isPending && move.variables === m}
                    onClick={() => move.mutate(m)}
                    data-testid={`move-${m}`}
                  >
                    {t(`actions.${m}`)}
                  </Button>
                ),
              )}
            </Flex>
          )}

          <div>
            <Typography.Title level={5}>{t('detail.thread')}</Typography.Title>
            {ticket.replies.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noReplies')} />
            ) : (
              <Flex vertical gap={8} data-testid="ticket-thread">
                {ticket.replies.map((r) => (
                  <ReplyCard key={r.id} reply={r} />
                ))}
              </Flex>
            )}
          </div>

          {canEdit && (
            <Flex vertical gap={8}>
              <Typography.Title level={5} style={{ margin: 0 }}>
                {internal ? t('detail.addNote') : t('detail.reply')}
              </Typography.Title>
              {!!canned.data?.length && (
                <Select
                  aria-label={t('detail.canned')}
                  placeholder={t('detail.canned')}
                  value={null}
                  showSearch
                  optionFilterProp="label"
                  options={canned.data.map((c) => ({ value: c.id, label: `${c.title}: ${c.text}` }))}
                  onChange={(value: string) => {
                    const picked = canned.data.find((c) => c.id === value);
                    if (!picked) return;
                    const escaped = picked.text
                      .replace(/&/g, '&amp;')
                      .replace(/</g, '&lt;')
                      .replace(/>/g, '&gt;');
                    setHtml((prev) => `${hasContent(prev) ? prev : ''}<p>${escaped}</p>`);
                    setEditorKey((k) => k + 1);
                  }}
                  data-testid="canned-reply"
                />
              )}
              <RichTextEditor
                key={editorKey}
                id="ticket-reply"
                aria-label={internal ? t('detail.addNote') : t('detail.reply')}
                value={html}
                onChange={setHtml}
                dir={direction}
              />
              <Flex wrap gap={8} justify="space-between" align="center">
                <Checkbox
                  checked={internal}
                  onChange={(e) => setInternal(e.target.checked)}
                  data-testid="reply-internal"
                >
                  {t('detail.internal')}
                </Checkbox>
                <Button
                  type="primary"
                  disabled={
                    !hasContent(html) ||
                    (!internal && (ticket.state === 'resolved' || ticket.state === 'closed'))
                  }
                  loading={reply.isPending}
                  onClick={() => reply.mutate()}
                  data-testid="reply-send"
                >
                  {internal ? t('detail.saveNote') : t('detail.send')}
                </Button>
              </Flex>
            </Flex>
          )}
        </Flex>
      )}
    </Drawer>
  );
}

function Attachments({ urls, alt }: { urls: string[]; alt: string }) {
  if (!urls.length) return null;
  return (
    <Image.PreviewGroup>
      <Flex wrap gap={8}>
        {urls.map((url, i) => (
          <Image
            key={url + i}
            src={url}
            width={96}
            height={96}
            style={{ objectFit: 'cover' }}
            alt={`${alt} ${i + 1}`}
          />
        ))}
      </Flex>
    </Image.PreviewGroup>
  );
}

function ReplyCard({ reply }: { reply: TicketReply }) {
  const { t } = useTranslation('tickets');
  const staffSide = reply.author_type !== 'player';
  return (
    <div
      data-testid={`reply-${reply.author_type}${reply.internal ? '-internal' : ''}`}
      style={{
        border: '1px solid var(--ant-color-border-secondary, #f0f0f0)',
        borderRadius: 8,
        padding: 8,
        background: reply.internal
          ? 'var(--ant-color-warning-bg, #fffbe6)'
          : staffSide
            ? undefined
            : 'var(--ant-color-fill-quaternary, #fafafa)',
        marginInlineStart: staffSide ? 0 : 24,
      }}
    >
      <Flex wrap gap={8} align="center" style={{ marginBlockEnd: 4 }}>
        <Typography.Text strong>
          {reply.author_type === 'player'
            ? t('detail.player')
            : reply.author_type === 'system'
              ? t('detail.system')
              : reply.author_name}
        </Typography.Text>
        {reply.internal && <Tag color="warning">{t('detail.internalTag')}</Tag>}
        <Typography.Text type="secondary">{formatDateTime(reply.created_at)}</Typography.Text>
      </Flex>
      {reply.author_type === 'staff' ? (
        // Sanitised by the server's rich-text sanitiser when it was stored.
        <div className="rich-text-view" dangerouslySetInnerHTML={{ __html: reply.body }} />
      ) : (
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
          {reply.body}
        </Typography.Paragraph>
      )}
      <Attachments urls={reply.attachments} alt={t('detail.attachment')} />
    </div>
  );
}
