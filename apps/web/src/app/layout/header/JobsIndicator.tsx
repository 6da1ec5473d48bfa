import { useState } from 'react';
import { Badge, Button, Flex, Popover, Progress, Typography } from 'antd';
import CheckCircleOutlined from '@ant-design/icons/CheckCircleOutlined';
import LoadingOutlined from '@ant-design/icons/LoadingOutlined';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
// Types only: the contracts' zod schemas stay out of the bundle.
import type { JobItem } from '@rx/contracts/jobs';
import { http } from '@/shared/http.ts';
import { useEndPlacement } from '../ui-store.ts';

const JOBS_PAGE = '/jobs';
/** A job that ended this recently still shows (ticked), so a short one is not missed. */
const RECENT_MS = 60_000;
const active = (job: JobItem) => job.status === 'queued' || job.status === 'running';
const percent = (job: JobItem) =>
  job.status === 'succeeded' ? 100 : job.total ? Math.floor(((job.done + job.failed) * 100) / job.total) : 0;

/**
 * The header's indicator of the user's own background jobs: shown while one runs (its progress asked
 * every 2 s) and for a minute after the last one ended; the list opens in a popover and leads to
 * the jobs page.
 */
export function JobsIndicator() {
  const { t } = useTranslation('jobs');
  const navigate = useNavigate();
  const placement = useEndPlacement();
  const [open, setOpen] = useState(false);
  const { data, dataUpdatedAt } = useQuery({
    queryKey: ['jobs', 'mine-latest'],
    queryFn: () =>
      http.get<{ list: JobItem[]; total: number }>(
        '/jobs',
        { mine: 1, page: 1, page_size: 5 },
        { silent: true },
      ),
    refetchInterval: (q) => (q.state.data?.list.some(active) ? 2000 : 30_000),
    staleTime: 0,
  });
  const jobs = data?.list ?? [];
  const running = jobs.filter(active);
  // Measured from the answer's time (render stays pure); the list is asked again every 30 s when idle.
  const now = dataUpdatedAt;
  const recent = jobs.filter((job) => job.finished_at && now - Date.parse(job.finished_at) < RECENT_MS);
  if (running.length === 0 && recent.length === 0) return null;
  const shown = running.length ? running : recent;
  const overall = running.length
    ? Math.floor(running.reduce((sum, job) => sum + percent(job), 0) / running.length)
    : 100;
  const label = running.length
    ? t('indicator.running', { count: running.length, percent: overall })
    : t('indicator.done');
  return (
    <Popover
      trigger="click"
      open={open}
      onOpenChange={setOpen}
      placement={placement}
      content={
        <Flex vertical gap={8} style={{ width: 280 }} data-testid="jobs-indicator-panel">
          {shown.map((job) => (
            <div key={job.id}>
              <Typography.Text>
                #{job.id} · {t(`status.${job.status}`)}
              </Typography.Text>
              <Progress
                percent={percent(job)}
                size="small"
                status={job.status === 'failed' ? 'exception' : active(job) ? 'active' : undefined}
                aria-label={t('progressOf', { id: job.id })}
              />
            </div>
          ))}
          <Button
            type="link"
            style={{ paddingInline: 0, alignSelf: 'flex-start' }}
            onClick={() => {
              setOpen(false);
              void navigate(JOBS_PAGE);
            }}
          >
            {t('indicator.open')}
          </Button>
        </Flex>
      }
    >
      <Badge count={running.length} size="small" offset={[-4, 4]}>
        <Button
          type="text"
          className="rx-header__button rx-jobs-indicator"
          aria-label={label}
          title={label}
          data-running={running.length}
          icon={running.length ? <LoadingOutlined aria-hidden /> : <CheckCircleOutlined aria-hidden />}
        />
      </Badge>
    </Popover>
  );
}
