import { Button, Descriptions, Drawer, Empty, Flex, List, Space, Spin, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cheatFlagMoves, type CheatFlagItem } from '@rx/contracts/cheat-flags';
import { formatDateTime } from '@/shared/format.ts';
import { PlayerLink } from '@/shared/player-link.tsx';
import { cheatFlagApi } from './api.ts';
import { ScoreTag, StateTag } from './parts.tsx';

interface Props {
  id: number | undefined;
  canEdit: boolean;
  onClose: () => void;
  onAction: (action: 'start_review' | 'confirm' | 'dismiss', flag: CheatFlagItem) => void;
  busy: boolean;
}

export const flagKey = (id: number) => ['cheat-flags', 'item', id] as const;

/** One flag: the player, rule, score and hits, who reviewed it, the sanction, and the evidence (newest first). */
export function FlagDrawer({ id, canEdit, onClose, onAction, busy }: Props) {
  const { t } = useTranslation('cheatFlags');
  const flag = useQuery({
    queryKey: flagKey(id ?? 0),
    queryFn: ({ signal }) => cheatFlagApi.get(id!, signal),
    enabled: !!id,
  });
  const f = flag.data;
  const moves = f ? cheatFlagMoves(f.state) : [];
  return (
    <Drawer
      open={id !== undefined}
      title={t('drawer.title', { id: id ?? '' })}
      size="min(720px, 100vw)"
      onClose={onClose}
      destroyOnHidden
    >
      {!f ? (
        <Spin />
      ) : (
        <Flex vertical gap={16} data-testid="cheat-flag-detail" data-id={f.id}>
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, sm: 2 }}
            items={[
              {
                key: 'openid',
                label: t('columns.openid'),
                children: <PlayerLink openid={f.openid} dir="ltr" />,
              },
              { key: 'rule', label: t('columns.rule'), children: <span dir="ltr">{f.rule}</span> },
              { key: 'source', label: t('columns.source'), children: t(`sources.${f.source}`) },
              { key: 'score', label: t('columns.score'), children: <ScoreTag t={t} score={f.score} /> },
              { key: 'hits', label: t('columns.hits'), children: f.hits },
              { key: 'state', label: t('columns.state'), children: <StateTag t={t} state={f.state} /> },
              { key: 'first', label: t('columns.first_seen'), children: formatDateTime(f.first_seen) },
              { key: 'last', label: t('columns.last_seen'), children: formatDateTime(f.last_seen) },
              { key: 'assignee', label: t('columns.assignee'), children: f.assignee?.username ?? '—' },
              {
                key: 'reviewer',
                label: t('columns.reviewer'),
                children: f.reviewer
                  ? `${f.reviewer.username} · ${f.reviewed_at ? formatDateTime(f.reviewed_at) : ''}`
                  : '—',
              },
              {
                key: 'created_by',
                label: t('columns.created_by'),
                children: f.created_by?.username ?? t(`sources.${f.source}`),
              },
              { key: 'note', label: t('columns.note'), children: f.note || '—' },
            ]}
          />
          {f.state === 'confirmed' && (
            <Descriptions
              size="small"
              bordered
              column={1}
              data-testid="cheat-sanction"
              items={[
                { key: 'template', label: t('drawer.template'), children: `#${f.template_id ?? ''}` },
                {
                  key: 'offence',
                  label: t('drawer.offence'),
                  children: f.offence ? t('drawer.offenceN', { n: f.offence }) : '—',
                },
                {
                  key: 'sanction',
                  label: t('drawer.sanction'),
                  children: f.sanction_id ? (
                    <Link
                      to={`/useraccount/violation-legal-config?openid=${encodeURIComponent(f.openid)}`}
                      data-testid="cheat-sanction-link"
                    >
                      {t('drawer.sanctionN', { id: f.sanction_id })}
                    </Link>
                  ) : (
                    t('drawer.warnOnly')
                  ),
                },
              ]}
            />
          )}
          {canEdit && moves.length > 0 && (
            <Space wrap>
              {moves.includes('start_review') && (
                <Button loading={busy} onClick={() => onAction('start_review', f)}>
                  {t('actions.startReview')}
                </Button>
              )}
              {moves.includes('confirm') && (
                <Button type="primary" danger onClick={() => onAction('confirm', f)}>
                  {t('actions.confirm')}
                </Button>
              )}
              {moves.includes('dismiss') && (
                <Button onClick={() => onAction('dismiss', f)}>{t('actions.dismiss')}</Button>
              )}
            </Space>
          )}
          <div>
            <Typography.Title level={5}>{t('drawer.evidence')}</Typography.Title>
            <Typography.Paragraph type="secondary">
              {t('drawer.evidenceHint', { count: f.evidence.length })}
            </Typography.Paragraph>
            {f.evidence.length === 0 ? (
              <Empty description={t('drawer.noEvidence')} />
            ) : (
              <List
                size="small"
                bordered
                data-testid="cheat-evidence"
                dataSource={f.evidence}
                renderItem={(e, i) => (
                  <List.Item key={`${e.at}-${i}`}>
                    <Flex vertical gap={4} style={{ width: '100%', minWidth: 0 }}>
                      <Space wrap>
                        <span>{formatDateTime(e.at)}</span>
                        <ScoreTag t={t} score={e.score} />
                        <span>{t(`sources.${e.source}`, { defaultValue: e.source })}</span>
                      </Space>
                      <pre
                        dir="ltr"
                        tabIndex={0}
                        style={{
                          margin: 0,
                          maxHeight: 200,
                          overflow: 'auto',
                          whiteSpace: 'pre-wrap',
                          wordBreak: 'break-all',
                          fontSize: 12,
                        }}
                      >
                        {JSON.stringify(e.data, null, 2)}
                      </pre>
                    </Flex>
                  </List.Item>
                )}
              />
            )}
          </div>
        </Flex>
      )}
    </Drawer>
  );
}
