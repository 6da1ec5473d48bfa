import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Radio,
  Row,
  Space,
  Timeline,
  Typography,
} from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { refundsResource, type LedgerLine, type RefundDetail, type RefundItem } from '@rx/contracts/refunds';
import { usePermission } from '@/app/permission/index.ts';
import { useProduct } from '@/app/product/index.ts';
import { isPendingApproval, useApprovalNotice } from '@/shared/approval-notice.tsx';
import { useMessage } from '@/shared/feedback.tsx';
import { formatDateTime } from '@/shared/format.ts';
import { http } from '@/shared/http.ts';
import { AppModal } from '@/shared/ui/index.ts';
import { ReasonDialog, ReasonField } from '@/shared/ui/ReasonDialog.tsx';
import { askToWaive, clawBack, penalise } from '../api.ts';
import { Money, StateTag, WebOrderLink, storeLabel } from '../refund-parts.tsx';
import { ScrollTable } from '@/shared/ui/ScrollTable.tsx';
import { PlayerLink } from '@/shared/player-link.tsx';

const RESOURCE = refundsResource;

interface PenaltyValues {
  kind: 'payment' | 'account';
  days?: number | null;
  reason: string;
}

/** The refund of an order: its timeline, what was delivered, the claw-back ledger, and the actions. */
export function RefundDetailPage() {
  const { t } = useTranslation(['refunds', 'billing']);
  const { orderNo = '' } = useParams();
  const navigate = useNavigate();
  const productId = useProduct((s) => s.productId);
  const client = useQueryClient();
  const toast = useMessage();
  const approvalNotice = useApprovalNotice();
  const canEdit = usePermission([RESOURCE.permissions.edit]);
  const [dialog, setDialog] = useState<'penalise' | 'waive' | null>(null);
  const [penaltyForm] = Form.useForm<PenaltyValues>();
  const key = [RESOURCE.name, 'detail', productId, orderNo];
  const detail = useQuery({
    queryKey: key,
    enabled: !!orderNo && !!productId,
    queryFn: ({ signal }) =>
      http.get<RefundDetail>(`/${RESOURCE.name}/by-order/${encodeURIComponent(orderNo)}`, undefined, {
        signal,
      }),
  });
  const refresh = () => void client.invalidateQueries({ queryKey: [RESOURCE.name] });
  const refund = detail.data?.refund;

  const claw = useMutation({
    mutationFn: (item: RefundItem) => clawBack(item),
    onSuccess: (next) => {
      if (next.state === 'clawback_pending') toast.warning(t('actions.retrying', { id: next.retry_job_id }));
      else toast.success(t(`states.${next.state}`));
      refresh();
    },
  });
  const penalty = useMutation({
    mutationFn: (values: PenaltyValues) =>
      penalise(refund!, {
        kind: values.kind,
        reason: values.reason,
        ...(values.days ? { days: values.days } : {}),
      }),
    onSuccess: () => {
      toast.success(t('states.penalised'));
      setDialog(null);
      refresh();
    },
  });
  const waive = useMutation({
    mutationFn: (reason: string) => askToWaive(refund!, reason),
    onSuccess: (answer) => {
      if (isPendingApproval(answer)) approvalNotice(answer);
      setDialog(null);
      refresh();
    },
  });

  const [lookup, setLookup] = useState('');
  if (!productId) return <Alert type="info" showIcon title={t('crud:product.required')} />;
  const title = (
    <Space wrap style={{ marginBlockEnd: 8 }}>
      <Link to="/useraccount/refund">{t('detail.back')}</Link>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('menu:page.refundDetail')}
      </Typography.Title>
    </Space>
  );
  if (!orderNo)
    return (
      <>
        {title}
        <Space.Compact style={{ maxWidth: 420, width: '100%' }}>
          <Input
            aria-label={t('columns.order_no')}
            placeholder={t('columns.order_no')}
            value={lookup}
            onChange={(e) => setLookup(e.target.value)}
            onPressEnter={() =>
              lookup.trim() &&
              void navigate(`/useraccount/refund/detail/${encodeURIComponent(lookup.trim())}`)
            }
          />
          <Button
            type="primary"
            onClick={() =>
              lookup.trim() &&
              void navigate(`/useraccount/refund/detail/${encodeURIComponent(lookup.trim())}`)
            }
          >
            {t('detail.open')}
          </Button>
        </Space.Compact>
      </>
    );
  if (detail.isError)
    return (
      <>
        {title}
        <Alert type="warning" showIcon title={t('detail.notFound')} />
      </>
    );
  if (!detail.data || !refund)
    return (
      <>
        {title}
        <Card loading />
      </>
    );
  const { order, delivered, timeline } = detail.data;
  const clawable = refund.state === 'matched' || refund.state === 'debt';
  const penalisable = refund.state === 'clawed_back' || refund.state === 'debt';
  const waivable = clawable && refund.approval_id === null;

  return (
    <div data-testid="refund-detail" data-order={refund.order_no}>
      {title}
      <Card size="small" style={{ marginBlockEnd: 16 }}>
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
          <Descriptions.Item label={t('columns.order_no')}>
            {refund.order_no}
            <WebOrderLink t={t} item={refund} />
          </Descriptions.Item>
          <Descriptions.Item label={t('columns.state')}>
            <StateTag t={t} item={refund} />
          </Descriptions.Item>
          <Descriptions.Item label={t('columns.openid')}>
            {refund.openid ? <PlayerLink openid={refund.openid} /> : '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('columns.store')}>{storeLabel(t, refund.store)}</Descriptions.Item>
          <Descriptions.Item label={t('columns.sku')}>{refund.sku || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('columns.amount')}>
            <Money amount={refund.amount} currency={refund.currency} />
          </Descriptions.Item>
          <Descriptions.Item label={t('columns.reason')}>{t(`reasons.${refund.reason}`)}</Descriptions.Item>
          <Descriptions.Item label={t('columns.source')}>{t(`sources.${refund.source}`)}</Descriptions.Item>
          <Descriptions.Item label={t('columns.quantity')}>{refund.quantity}</Descriptions.Item>
          <Descriptions.Item label={t('columns.voided_at')}>
            {formatDateTime(refund.voided_at)}
          </Descriptions.Item>
          <Descriptions.Item label={t('columns.owed')}>
            <span data-testid="refund-owed">{refund.owed}</span>
          </Descriptions.Item>
          {order && (
            <Descriptions.Item label={t('detail.orderStatus')}>
              {t(`orderStatus.${order.status}`)}
            </Descriptions.Item>
          )}
        </Descriptions>
        {canEdit && (
          <Space wrap style={{ marginBlockStart: 8 }}>
            {/* Taking back what was delivered is not undone: asked once more. */}
            <Popconfirm
              title={t('actions.clawBackConfirm')}
              okButtonProps={{ danger: true }}
              disabled={!clawable}
              onConfirm={() => claw.mutate(refund)}
            >
              <Button type="primary" disabled={!clawable} loading={claw.isPending}>
                {t('actions.clawBack')}
              </Button>
            </Popconfirm>
            <Button danger disabled={!penalisable} onClick={() => setDialog('penalise')}>
              {t('actions.penalise')}
            </Button>
            <Button disabled={!waivable} onClick={() => setDialog('waive')}>
              {t('actions.waive')}
            </Button>
          </Space>
        )}
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <Card size="small" title={t('detail.timeline')}>
            <Timeline
              items={timeline.map((e, i) => ({
                key: i,
                children: (
                  <div data-testid={`timeline-${e.kind}`}>
                    <div>
                      <strong>{t(`events.${e.kind}`)}</strong>{' '}
                      <Typography.Text type="secondary">{formatDateTime(e.at)}</Typography.Text>
                    </div>
                    <div>
                      {t('detail.by')}: {e.by ? e.by.username : t('detail.system')}
                    </div>
                    {e.reason && (
                      <div>
                        {t('detail.why')}:{' '}
                        {e.kind === 'notice' ? t(`reasons.${e.reason}`, e.reason) : e.reason}
                      </div>
                    )}
                  </div>
                ),
              }))}
            />
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card size="small" title={t('detail.delivered')} style={{ marginBlockEnd: 16 }}>
            <ScrollTable
              size="small"
              rowKey="prop_id"
              pagination={false}
              scroll={{ x: 'max-content' }}
              dataSource={delivered}
              columns={[
                { title: t('detail.prop'), dataIndex: 'name' },
                { title: t('columns.quantity'), dataIndex: 'quantity' },
              ]}
            />
          </Card>
          <Card size="small" title={t('detail.ledger')}>
            <ScrollTable<LedgerLine>
              size="small"
              rowKey={(l) => `${l.kind}:${l.code}`}
              pagination={false}
              scroll={{ x: 'max-content' }}
              dataSource={refund.ledger}
              data-testid="refund-ledger"
              columns={[
                { title: t('detail.line'), dataIndex: 'kind', render: (v: string) => t(`detail.kinds.${v}`) },
                { title: t('detail.prop'), dataIndex: 'name' },
                { title: t('detail.wanted'), dataIndex: 'wanted' },
                { title: t('detail.taken'), dataIndex: 'taken' },
                { title: t('detail.left'), key: 'left', render: (_, l) => l.wanted - l.taken },
              ]}
            />
          </Card>
        </Col>
      </Row>
      <AppModal
        open={dialog === 'penalise'}
        title={t('penalise.title')}
        onCancel={() => setDialog(null)}
        onOk={() => penaltyForm.submit()}
        confirmLoading={penalty.isPending}
        destroyOnHidden
      >
        <Form
          form={penaltyForm}
          layout="vertical"
          initialValues={{ kind: 'payment' }}
          onFinish={(v) => penalty.mutate(v)}
        >
          <Form.Item name="kind" label={t('penalise.kind')}>
            <Radio.Group
              options={[
                { value: 'payment', label: t('penalise.payment') },
                { value: 'account', label: t('penalise.account') },
              ]}
            />
          </Form.Item>
          <Form.Item name="days" label={t('penalise.days')} extra={t('penalise.permanent')}>
            <InputNumber min={1} max={3650} style={{ width: '100%' }} />
          </Form.Item>
          <ReasonField t={t} />
        </Form>
      </AppModal>
      <ReasonDialog
        ns="refunds"
        open={dialog === 'waive'}
        title={t('waive.title')}
        hint={t('waive.hint')}
        pending={waive.isPending}
        onClose={() => setDialog(null)}
        onSubmit={(reason) => waive.mutate(reason)}
      />
    </div>
  );
}
