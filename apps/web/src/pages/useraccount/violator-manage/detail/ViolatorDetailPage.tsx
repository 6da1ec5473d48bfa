import { useState } from 'react';
import { Alert, Button, Card, Col, Descriptions, Input, Pagination, Row, Space, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { violationsResource, type ViolatorDetail, type ViolatorItem } from '@rx/contracts/violations';
import { usePermission } from '@/app/permission/index.ts';
import { useProduct } from '@/app/product/index.ts';
import { useMessage } from '@/shared/feedback.tsx';
import { formatDateTime } from '@/shared/format.ts';
import { http } from '@/shared/http.ts';
import { CategoryHits, StatusTag, detailLink } from '../violator-parts.tsx';
import { ReasonDialog } from '@/shared/ui/ReasonDialog.tsx';
import { PlayerLink } from '@/shared/player-link.tsx';
import { ApplyDialog } from './ReviewDialogs.tsx';
import { EventTimeline, LinkedAccounts, PastSanctions } from './DetailSections.tsx';

const RESOURCE = violationsResource;
const PAGE_SIZE = 10;

/** The openid box of the detail page opened without one. */
function Lookup() {
  const { t } = useTranslation('violations');
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const go = () => value.trim() && void navigate(detailLink(value.trim()));
  return (
    <Space.Compact style={{ maxWidth: 420, width: '100%' }}>
      <Input
        aria-label={t('columns.openid')}
        placeholder={t('detail.lookup')}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        onPressEnter={go}
      />
      <Button type="primary" onClick={go}>
        {t('detail.open')}
      </Button>
    </Space.Compact>
  );
}

/**
 * A violator (`?openid=`): the event timeline (paged, newest first, with evidence), accounts
 * linked by a device, an IP or a payment, past sanctions and template offences; apply a template,
 * dismiss or reopen.
 */
export function ViolatorDetailPage() {
  const { t } = useTranslation('violations');
  const [search] = useSearchParams();
  const openid = search.get('openid')?.trim() ?? '';
  const productId = useProduct((s) => s.productId);
  const client = useQueryClient();
  const toast = useMessage();
  const canEdit = usePermission([RESOURCE.permissions.edit]);
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<'apply' | 'dismiss' | 'reopen' | null>(null);
  const detail = useQuery({
    queryKey: [RESOURCE.name, 'detail', productId, openid, page],
    enabled: !!openid && !!productId,
    queryFn: ({ signal }) =>
      http.get<ViolatorDetail>(
        `/${RESOURCE.name}/players/${encodeURIComponent(openid)}`,
        { page: String(page), page_size: String(PAGE_SIZE) },
        { signal },
      ),
  });
  const refresh = () => void client.invalidateQueries({ queryKey: [RESOURCE.name] });
  const reason = useMutation({
    mutationFn: ({ action, text }: { action: 'dismiss' | 'reopen'; text: string }) =>
      http.post<ViolatorItem>(`/${RESOURCE.name}/players/${encodeURIComponent(openid)}/${action}`, {
        reason: text,
        version: detail.data!.violator.version,
      }),
    onSuccess: (next) => {
      toast.success(t(`statuses.${next.status}`));
      setDialog(null);
      refresh();
    },
  });

  if (!productId) return <Alert type="info" showIcon title={t('crud:product.required')} />;
  const title = (
    <Space wrap style={{ marginBlockEnd: 8 }}>
      <Link to="/useraccount/violator-manage">{t('detail.back')}</Link>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('menu:page.violatorDetail')}
      </Typography.Title>
    </Space>
  );
  if (!openid)
    return (
      <>
        {title}
        <Lookup />
      </>
    );
  if (detail.isError)
    return (
      <>
        {title}
        <Alert type="warning" showIcon title={t('detail.notFound')} style={{ marginBlockEnd: 16 }} />
        <Lookup />
      </>
    );
  if (!detail.data)
    return (
      <>
        {title}
        <Card loading />
      </>
    );
  const { violator: v, events, linked, sanctions, offences } = detail.data;

  return (
    <div data-testid="violator-detail" data-openid={v.openid}>
      {title}
      <Card size="small" style={{ marginBlockEnd: 16 }}>
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
          <Descriptions.Item label={t('columns.openid')}>
            <PlayerLink openid={v.openid} />
          </Descriptions.Item>
          <Descriptions.Item label={t('columns.nickname')}>{v.nickname || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('columns.status')}>
            <StatusTag t={t} status={v.status} />
          </Descriptions.Item>
          <Descriptions.Item label={t('columns.hits')}>
            <span data-testid="violator-hits">{v.hits}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('columns.by_category')}>
            <CategoryHits t={t} counts={v.by_category} />
          </Descriptions.Item>
          <Descriptions.Item label={t('columns.servers')}>{v.servers.join(', ') || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('columns.first_seen')}>
            {formatDateTime(v.first_seen)}
          </Descriptions.Item>
          <Descriptions.Item label={t('columns.last_seen')}>{formatDateTime(v.last_seen)}</Descriptions.Item>
          {v.handled_at && (
            <Descriptions.Item label={t('columns.handled_by')}>
              <bdi>{v.handled_by}</bdi> · <bdi>{formatDateTime(v.handled_at)}</bdi>
            </Descriptions.Item>
          )}
          {v.note && <Descriptions.Item label={t('columns.note')}>{v.note}</Descriptions.Item>}
        </Descriptions>
        {canEdit && (
          <Space wrap style={{ marginBlockStart: 8 }}>
            <Button type="primary" danger onClick={() => setDialog('apply')}>
              {t('actions.apply')}
            </Button>
            {v.status !== 'dismissed' && (
              <Button onClick={() => setDialog('dismiss')}>{t('actions.dismiss')}</Button>
            )}
            {v.status !== 'open' && (
              <Button onClick={() => setDialog('reopen')}>{t('actions.reopen')}</Button>
            )}
          </Space>
        )}
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card size="small" title={t('detail.timeline')}>
            <EventTimeline events={events.list} />
            {events.total > PAGE_SIZE && (
              <Pagination
                size="small"
                showSizeChanger={false}
                current={page}
                pageSize={PAGE_SIZE}
                total={events.total}
                onChange={setPage}
              />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title={t('detail.linked')} style={{ marginBlockEnd: 16 }}>
            <LinkedAccounts linked={linked} />
          </Card>
          <Card size="small" title={t('detail.sanctions')}>
            <PastSanctions sanctions={sanctions} offences={offences} />
          </Card>
        </Col>
      </Row>
      <ApplyDialog
        open={dialog === 'apply'}
        violator={v}
        onClose={() => setDialog(null)}
        onApplied={() => {
          setDialog(null);
          refresh();
        }}
      />
      <ReasonDialog
        ns="violations"
        open={dialog === 'dismiss' || dialog === 'reopen'}
        title={dialog === 'reopen' ? t('reopen.title') : t('dismiss.title')}
        pending={reason.isPending}
        onClose={() => setDialog(null)}
        onSubmit={(text) => reason.mutate({ action: dialog === 'reopen' ? 'reopen' : 'dismiss', text })}
      />
    </div>
  );
}
