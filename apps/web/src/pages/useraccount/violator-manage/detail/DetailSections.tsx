import { Empty, Space, Tag, Timeline, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SanctionItem } from '@rx/contracts/sanctions';
import type { LinkedAccount, ViolationEventItem, ViolatorOffence } from '@rx/contracts/violations';
import { formatDateTime } from '@/shared/format.ts';
import { EndCell, KindCell, StatusTag as SanctionStatus } from '@/shared/sanctions/sanction-form.tsx';
import { DataTable } from '@/shared/ui/index.ts';
import { PlayerLink } from '@/shared/player-link.tsx';
import { StatusTag, detailLink } from '../violator-parts.tsx';

/** A detector's evidence: its JSON, wrapped (never a box that scrolls sideways). */
function Evidence({ value }: { value: Record<string, unknown> }) {
  if (!Object.keys(value).length) return null;
  return (
    <pre
      dir="ltr"
      className="rx-violation-evidence"
      style={{
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-all',
        margin: '4px 0 0',
        fontSize: 12,
        textAlign: 'start',
      }}
    >
      {JSON.stringify(value, null, 1)}
    </pre>
  );
}

/** One labelled fact of an event (a server, a role, a device…), left out when the event has none. */
function Fact({ label, value }: { label: string; value: string | null | undefined }) {
  if (!value) return null;
  return (
    <span>
      {label}: <bdi>{value}</bdi>{' '}
    </span>
  );
}

/** The events of a page of the timeline, newest first. */
export function EventTimeline({ events }: { events: ViolationEventItem[] }) {
  const { t } = useTranslation('violations');
  if (!events.length)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noEvents')} />;
  return (
    <Timeline
      items={events.map((e) => ({
        key: e.id,
        children: (
          <div data-testid="violation-event" data-category={e.category}>
            <Space size={[8, 0]} wrap>
              <Tag color="volcano">{t(`categories.${e.category}`)}</Tag>
              <Typography.Text type="secondary">{formatDateTime(e.occurred_at)}</Typography.Text>
            </Space>
            <div>
              <Fact label={t('columns.server')} value={e.server} />
              <Fact label={t('detail.role')} value={e.role_id} />
              <Fact label={t('detail.rule')} value={e.rule} />
              {e.score !== null && (
                <span>
                  {t('detail.score')}: {e.score}
                </span>
              )}
            </div>
            {(e.device_id || e.ip) && (
              <div>
                <Fact label={t('linkKinds.device')} value={e.device_id} />
                <Fact label={t('linkKinds.ip')} value={e.ip} />
              </div>
            )}
            <Evidence value={e.evidence} />
          </div>
        ),
      }))}
    />
  );
}

/** Accounts sharing a device, an IP or a payment with the violator, each link named. */
export function LinkedAccounts({ linked }: { linked: LinkedAccount[] }) {
  const { t } = useTranslation('violations');
  if (!linked.length)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noLinked')} />;
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid="linked-accounts">
      {linked.map((account) => (
        <li
          key={account.openid}
          data-testid="linked-account"
          data-openid={account.openid}
          style={{ paddingBlock: 6, borderBlockEnd: '1px solid var(--ant-color-split, #f0f0f0)' }}
        >
          <Space size={[8, 4]} wrap>
            {account.hits > 0 ? (
              <Link to={detailLink(account.openid)}>{account.openid}</Link>
            ) : (
              <PlayerLink openid={account.openid} />
            )}
            {account.nickname && <Typography.Text type="secondary">{account.nickname}</Typography.Text>}
            {account.status && <StatusTag t={t} status={account.status} />}
            {account.hits > 0 && <span>{t('detail.linkedHits', { count: account.hits })}</span>}
          </Space>
          <div>
            {account.links.map((link) => (
              <Tag key={`${link.kind}:${link.value}`} data-link={link.kind}>
                {t(`linkKinds.${link.kind}`)}: <bdi>{link.value}</bdi>
              </Tag>
            ))}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Past sanctions of the player, and the template offences behind them. */
export function PastSanctions({
  sanctions,
  offences,
}: {
  sanctions: SanctionItem[];
  offences: ViolatorOffence[];
}) {
  const { t } = useTranslation('violations');
  const { t: ts } = useTranslation('sanctions');
  const sanctionColumns: ColumnsType<SanctionItem> = [
    { title: ts('columns.kind'), key: 'kind', render: (_, s) => <KindCell t={ts} item={s} /> },
    {
      title: ts('columns.status'),
      dataIndex: 'status',
      render: (v: string) => <SanctionStatus t={ts} status={v} />,
    },
    { title: ts('columns.reason'), dataIndex: 'reason' },
    { title: ts('columns.starts'), dataIndex: 'starts_at', render: (v: string) => formatDateTime(v) },
    { title: ts('columns.ends'), key: 'ends', render: (_, s) => <EndCell t={ts} item={s} /> },
  ];
  const offenceColumns: ColumnsType<ViolatorOffence> = [
    {
      title: t('offences.template'),
      key: 'template',
      render: (_, o) => `${o.template_code} · ${o.template_name}`,
    },
    { title: t('offences.offence'), dataIndex: 'offence' },
    { title: t('offences.action'), dataIndex: 'action', render: (v: string) => t(`ladder.${v}`) },
    { title: t('offences.by'), dataIndex: 'created_by' },
    { title: t('offences.at'), dataIndex: 'created_at', render: (v: string) => formatDateTime(v) },
  ];
  return (
    <>
      <DataTable<SanctionItem>
        rowKey="id"
        data-testid="violator-sanctions"
        pagination={false}
        columns={sanctionColumns}
        dataSource={sanctions}
        locale={{ emptyText: t('detail.noSanctions') }}
      />
      <Typography.Title level={5} style={{ marginBlock: '16px 8px' }}>
        {t('detail.offences')}
      </Typography.Title>
      <DataTable<ViolatorOffence>
        rowKey="id"
        data-testid="violator-offences"
        pagination={false}
        columns={offenceColumns}
        dataSource={offences}
        locale={{ emptyText: t('detail.noOffences') }}
      />
    </>
  );
}
