import { Card, Empty, Timeline, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { OperationLog } from '@rx/contracts/operation-logs';
import { resourceKey, type ListAnswer } from '@/shared/crud/index.ts';
import { http } from '@/shared/http.ts';
import { formatDateTime } from '@/shared/format.ts';

/** The operation-log page: the whole history of the row, and the permission to read it. */
export const LOG_PAGE = '/useraccount/account-operation-log';

/** The latest operation-log entries of a row: every save of the form lands there. */
export function EditHistory({ targetType, targetId }: { targetType: string; targetId: number }) {
  const { t } = useTranslation('channels');
  const filters = { target_type: targetType, target_id: String(targetId) };
  const log = useQuery({
    queryKey: resourceKey('operation-logs', 'list', filters),
    queryFn: ({ signal }) =>
      http.get<ListAnswer<OperationLog>>('/operation-logs', { ...filters, page_size: 5 }, { signal }),
  });
  const entries = log.data?.list ?? [];
  return (
    <Card
      size="small"
      title={t('history.title')}
      loading={log.isLoading}
      extra={<Link to={`${LOG_PAGE}?${new URLSearchParams(filters)}`}>{t('history.all')}</Link>}
    >
      {entries.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('history.none')} />
      ) : (
        <Timeline
          items={entries.map((entry) => ({
            key: entry.id,
            title: formatDateTime(entry.created_at),
            content: (
              <Typography.Text>
                {t('history.entry', {
                  user: entry.username,
                  action: t(`history.actions.${entry.action}`, entry.action),
                })}
              </Typography.Text>
            ),
          }))}
        />
      )}
    </Card>
  );
}
