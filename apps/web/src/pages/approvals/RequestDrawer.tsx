import { useState } from 'react';
import { Alert, Button, Descriptions, Drawer, Flex, Form, Input, Popconfirm, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMessage } from '@/shared/feedback.tsx';
import { formatDateTime, formatMoney, formatNumber } from '@/shared/format.ts';
import { ApiError } from '@/shared/http.ts';
import { storage } from '@/shared/storage.ts';
import {
  STATUS_COLORS,
  kindKey,
  numberOf,
  valueOf,
  useApproval,
  useDecide,
  type ApprovalRequestDetail,
} from './api.ts';
import type { ApprovalSubject, ApprovalSubjectField } from '@rx/contracts/approvals';
import { changeRows, type ChangeRow } from './diff.ts';
import { ScrollTable } from '@/shared/ui/ScrollTable.tsx';

/** One request: what it changes (before/after), its reason and decision; deciding or withdrawing it. */
export function RequestDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation('approvals');
  const { data: request, isLoading } = useApproval(id);
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      title={t('detail.title', { id: id ?? '' })}
      size={760}
      destroyOnHidden
      loading={isLoading}
    >
      {request && <RequestDetail request={request} />}
    </Drawer>
  );
}

function RequestDetail({ request }: { request: ApprovalRequestDetail }) {
  const { t } = useTranslation('approvals');
  const message = useMessage();
  const decide = useDecide();
  const [form] = Form.useForm<{ comment: string }>();
  const [error, setError] = useState<string | null>(null);
  const rows = changeRows(request.before, request.after);
  const number = numberOf(request.kind);
  const value = valueOf(request.kind);
  const pending = request.status === 'pending';
  const mine = pending && String(request.maker.id) === String(storage.userInfo.get()?.id);

  const submit = async (verdict: 'approve' | 'reject') => {
    setError(null);
    // No comment: the form says so under the field (a rejected validation was an unhandled rejection
    // in the console before, issue 27).
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const { comment } = values;
    try {
      const decided = await decide.mutateAsync({ id: request.id, verdict, comment });
      if (decided.status === 'failed') void message.warning(t('decide.failed', { error: decided.error }));
      else void message.success(t(verdict === 'approve' ? 'decide.approved' : 'decide.rejected'));
    } catch (cause) {
      setError(cause instanceof ApiError ? cause.message : String(cause));
    }
  };
  const cancel = async () => {
    await decide.mutateAsync({ id: request.id, verdict: 'cancel' });
    void message.success(t('cancel.done'));
  };

  return (
    // Focusable, so a keyboard can scroll a long request in the drawer (axe: scrollable-region-focusable).
    <Flex vertical gap="middle" tabIndex={0} role="group" aria-label={t('detail.title', { id: request.id })}>
      <Descriptions
        size="small"
        column={1}
        bordered
        items={[
          { key: 'kind', label: t('columns.kind'), children: t(kindKey(request.kind)) },
          { key: 'target', label: t('columns.target'), children: request.target_name || t('detail.none') },
          {
            key: 'amount',
            label: t('columns.amount'),
            children:
              request.amount === null
                ? t('detail.none')
                : `${request.amount} ${number ? t(`numbers.${number}`) : ''}`,
          },
          ...(value && request.value !== null
            ? [
                {
                  key: 'value',
                  label: t('columns.value'),
                  children: `${request.value} ${t(`values.${value}`)}`,
                },
              ]
            : []),
          {
            key: 'status',
            label: t('status.title'),
            children: <Tag color={STATUS_COLORS[request.status]}>{t(`status.${request.status}`)}</Tag>,
          },
          {
            key: 'maker',
            label: t('columns.maker'),
            // Isolated: a username and a date keep their own direction in a right-to-left sentence.
            children: (
              <>
                <bdi>{request.maker.username}</bdi> · <bdi>{formatDateTime(request.created_at)}</bdi>
              </>
            ),
          },
          {
            key: 'reason',
            label: t('detail.reason'),
            children: request.reason ? <bdi dir="auto">{request.reason}</bdi> : t('detail.none'),
          },
          ...(request.checker
            ? [
                {
                  key: 'checker',
                  label: t('columns.checker'),
                  children: (
                    <>
                      <bdi>{request.checker.username}</bdi> ·{' '}
                      <bdi>{request.decided_at ? formatDateTime(request.decided_at) : ''}</bdi>
                    </>
                  ),
                },
                { key: 'comment', label: t('detail.comment'), children: request.comment || t('detail.none') },
              ]
            : []),
          ...(request.error ? [{ key: 'error', label: t('detail.error'), children: request.error }] : []),
        ]}
      />
      {request.subject && <Subject subject={request.subject} />}
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('detail.changes')}
      </Typography.Title>
      <ScrollTable<ChangeRow>
        size="small"
        rowKey="path"
        bordered
        dataSource={rows}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        locale={{ emptyText: t('detail.noChanges') }}
        data-testid="approval-changes"
        columns={[
          { title: t('detail.field'), dataIndex: 'path', width: 180 },
          {
            title: t('detail.before'),
            dataIndex: 'before',
            width: '38%',
            render: (v: string) => <span className="rx-approvals__before">{v}</span>,
          },
          {
            title: t('detail.after'),
            dataIndex: 'after',
            width: '38%',
            render: (v: string) => <span className="rx-approvals__after">{v}</span>,
          },
        ]}
      />
      {request.can_decide && (
        <Form form={form} layout="vertical" requiredMark>
          <Form.Item
            name="comment"
            label={t('decide.comment')}
            rules={[{ required: true, whitespace: true, message: t('decide.commentRequired') }]}
          >
            <Input.TextArea
              id="approval-comment"
              rows={3}
              maxLength={500}
              showCount
              placeholder={t('decide.commentPlaceholder')}
            />
          </Form.Item>
          {error && <Alert type="error" showIcon title={error} style={{ marginBlockEnd: 12 }} />}
          <Flex gap={8} wrap>
            <Button type="primary" loading={decide.isPending} onClick={() => void submit('approve')}>
              {t('decide.approve')}
            </Button>
            <Button danger loading={decide.isPending} onClick={() => void submit('reject')}>
              {t('decide.reject')}
            </Button>
          </Flex>
        </Form>
      )}
      {mine && <MakerActions onCancel={cancel} loading={decide.isPending} />}
    </Flex>
  );
}

function MakerActions({ onCancel, loading }: { onCancel: () => Promise<void>; loading: boolean }) {
  const { t } = useTranslation('approvals');
  return (
    <Flex vertical gap={8}>
      <Alert type="info" showIcon title={t('decide.own')} />
      <Popconfirm title={t('cancel.confirm')} onConfirm={onCancel}>
        <Button loading={loading} style={{ alignSelf: 'start' }}>
          {t('cancel.button')}
        </Button>
      </Popconfirm>
    </Flex>
  );
}

/** A subject field's value as staff read it: data isolated for right-to-left, numbers and money formatted. */
function SubjectValue({ field }: { field: ApprovalSubjectField }) {
  const { t } = useTranslation('approvals');
  if (field.list !== undefined)
    return field.list.length ? (
      <ul className="rx-approvals__subject-list">
        {field.list.map((item, i) => (
          <li key={i}>
            <bdi>{item}</bdi>
          </li>
        ))}
      </ul>
    ) : (
      <>{t('detail.none')}</>
    );
  if (field.money) return <bdi>{formatMoney(field.money.amount, field.money.currency)}</bdi>;
  if (field.number !== undefined) return <bdi>{formatNumber(field.number)}</bdi>;
  if (field.time !== undefined)
    return field.time ? <bdi>{formatDateTime(field.time)}</bdi> : <>{t('detail.none')}</>;
  return field.text ? (
    <bdi dir="auto" className="rx-approvals__subject-text">
      {field.text}
    </bdi>
  ) : (
    <>{t('detail.none')}</>
  );
}

/** What the request is about, as its module describes it, with a link to the object. */
function Subject({ subject }: { subject: ApprovalSubject }) {
  const { t } = useTranslation('approvals');
  return (
    <Flex vertical gap={8} data-testid="approval-subject">
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('subject.heading')}
        </Typography.Title>
        {subject.link && <Link to={subject.link}>{t('subject.open')}</Link>}
      </Flex>
      <Descriptions
        size="small"
        column={1}
        bordered
        items={subject.fields.map((field) => ({
          key: field.key,
          label: t(`subject.${field.key}`),
          children: <SubjectValue field={field} />,
        }))}
      />
    </Flex>
  );
}
