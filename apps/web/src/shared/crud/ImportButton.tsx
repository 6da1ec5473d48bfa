import { useRef, useState } from 'react';
import { Alert, Button, Flex, Modal, Progress, Statistic, Typography } from 'antd';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import { useTranslation } from 'react-i18next';
import type { ImportAnswer, ImportRowError } from '@rx/contracts/lists';
import type { JobItem, JobStarted } from '@rx/contracts/jobs';
import { useMessage } from '../feedback.tsx';
import { ApiError, http } from '../http.ts';
import { loadNamespace, translate } from '../i18n.ts';
import { queryClient } from '../query.ts';
import { ScrollTable } from '@/shared/ui/ScrollTable.tsx';

/** How often a large import's job is asked for its progress. */
const JOB_POLL_MS = 1000;
const ended = (job: JobItem) => job.status !== 'queued' && job.status !== 'running';

/**
 * A large file is imported by a background job (the server answers `{ job_id }`): follows it,
 * reporting its progress, and resolves its summary: the same answer as a synchronous import. A job
 * refused for its rows' errors rejects like the synchronous import does (400001 with the errors).
 */
async function followJob(id: number, onProgress: (job: JobItem) => void): Promise<ImportAnswer> {
  await loadNamespace('jobs');
  // The header's jobs indicator picks the new job up at once.
  void queryClient.invalidateQueries({ queryKey: ['jobs'] });
  for (;;) {
    const job = await http.get<JobItem>(`/jobs/${id}`, undefined, { silent: true });
    onProgress(job);
    if (ended(job)) {
      const summary = job.summary as ImportAnswer | null;
      if (job.status === 'succeeded' && summary) return summary;
      throw new ApiError({
        code: 400001,
        status: 400,
        msg: job.error ?? translate('jobs:importFailed'),
        data: { errors: summary?.errors ?? [] },
      });
    }
    await new Promise((resolve) => setTimeout(resolve, JOB_POLL_MS));
  }
}

interface ImportButtonProps {
  resource: string;
  /** Called after an import was applied. */
  onImported: () => void;
}

/** The problems of each sheet row together: a row is fixed (or skipped) as a whole. */
function byRow(errors: readonly ImportRowError[]): { row: number; problems: ImportRowError[] }[] {
  const rows = new Map<number, ImportRowError[]>();
  for (const error of errors) rows.set(error.row, [...(rows.get(error.row) ?? []), error]);
  return [...rows].sort(([a], [b]) => a - b).map(([row, problems]) => ({ row, problems }));
}

const EMPTY: Omit<ImportAnswer, 'dry_run' | 'errors'> = { create: [], update: [], unchanged: 0, skipped: [] };

/**
 * Imports a CSV or XLSX file in two steps: a dry run shows what would be created, changed and
 * refused; only "apply" writes, all rows or none. A file with bad rows can still apply its valid
 * rows, skipping the others, when the user asks for it.
 */
export function ImportButton({ resource, onImported }: ImportButtonProps) {
  const { t } = useTranslation('crud');
  const message = useMessage();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [diff, setDiff] = useState<ImportAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [job, setJob] = useState<JobItem | null>(null);

  const send = async (chosen: File, mode: 'dry' | 'all' | 'valid') => {
    setBusy(true);
    setProblem(null);
    try {
      const started = await http.post<ImportAnswer | JobStarted>(`/${resource}/import`, chosen, {
        query: { dry_run: mode === 'dry' ? 1 : 0, valid_only: mode === 'valid' ? 1 : 0 },
        silent: true,
      });
      const answer = 'job_id' in started ? await followJob(started.job_id, setJob) : started;
      setDiff(answer);
      if (mode !== 'dry') {
        const counts = {
          create: answer.create.length,
          update: answer.update.length,
          skipped: answer.skipped.length,
        };
        void message.success(t(counts.skipped ? 'import.doneSkipped' : 'import.done', counts));
        close();
        onImported();
      }
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const rows = (error.data as Partial<ImportAnswer> | null)?.errors;
      if (rows) setDiff((d) => ({ ...(d ?? { ...EMPTY, dry_run: mode === 'dry' }), errors: rows }));
      setProblem(error.msg);
    } finally {
      setBusy(false);
      setJob(null);
    }
  };
  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    setFile(chosen);
    setDiff(null);
    void send(chosen, 'dry');
  };
  const close = () => {
    setFile(null);
    setDiff(null);
    setProblem(null);
    if (input.current) input.current.value = '';
  };

  const invalid = byRow(diff?.errors ?? []);
  const valid = diff ? diff.create.length + diff.update.length : 0;
  return (
    <>
      <input
        ref={input}
        type="file"
        accept=".csv,.xlsx"
        hidden
        data-testid={`${resource}-import-file`}
        onChange={(e) => choose(e.target.files?.[0])}
      />
      <Button icon={<UploadOutlined />} loading={busy && !file} onClick={() => input.current?.click()}>
        {t('import.button')}
      </Button>
      <Modal
        open={file !== null}
        title={t('import.title', { name: file?.name ?? '' })}
        onCancel={close}
        width={760}
        okText={t('import.apply')}
        okButtonProps={{ disabled: !diff || invalid.length > 0 || valid === 0, loading: busy }}
        onOk={() => file && void send(file, 'all')}
        footer={(_, { OkBtn, CancelBtn }) => (
          <>
            <CancelBtn />
            {invalid.length > 0 && valid > 0 && (
              <Button loading={busy} onClick={() => file && void send(file, 'valid')}>
                {t('import.applyValid', { count: valid })}
              </Button>
            )}
            <OkBtn />
          </>
        )}
      >
        {problem && <Alert type="error" showIcon title={problem} style={{ marginBlockEnd: 12 }} />}
        {job && !ended(job) && (
          <Flex vertical gap={4} style={{ marginBlockEnd: 12 }} data-testid="import-job-progress">
            <Typography.Text type="secondary">{t('jobs:importRunning', { id: job.id })}</Typography.Text>
            <Progress
              percent={job.total ? Math.floor((job.done * 100) / job.total) : 0}
              status="active"
              aria-label={t('jobs:progressOf', { id: job.id })}
            />
          </Flex>
        )}
        {diff && (
          <Flex vertical gap={12}>
            <Flex gap={32} wrap>
              <Statistic title={t('import.create')} value={diff.create.length} />
              <Statistic title={t('import.update')} value={diff.update.length} />
              <Statistic title={t('import.unchanged')} value={diff.unchanged} />
              <Statistic title={t('import.errors')} value={invalid.length} />
            </Flex>
            {invalid.length > 0 && (
              <>
                <Alert type="warning" showIcon title={t('import.invalidRows', { count: invalid.length })} />
                <ScrollTable
                  size="small"
                  rowKey="row"
                  pagination={{ pageSize: 5 }}
                  dataSource={invalid}
                  columns={[
                    { title: t('import.row'), dataIndex: 'row', width: 70 },
                    {
                      title: t('import.problems'),
                      render: (_, { problems }) =>
                        problems.map(({ field, message: text }) => (
                          <Typography.Text key={field} style={{ display: 'block' }}>
                            <Typography.Text code>{field}</Typography.Text> <bdi>{text}</bdi>
                          </Typography.Text>
                        )),
                    },
                  ]}
                />
              </>
            )}
            {diff.update.length > 0 && (
              <ScrollTable
                size="small"
                rowKey="row"
                pagination={{ pageSize: 5 }}
                dataSource={diff.update}
                columns={[
                  { title: t('import.row'), dataIndex: 'row', width: 70 },
                  { title: t('import.key'), dataIndex: 'key', width: 140 },
                  {
                    title: t('import.changes'),
                    render: (_, row) =>
                      Object.entries(row.changes).map(([field, change]) => (
                        <Typography.Text key={field} style={{ display: 'block' }}>
                          {field}: <del>{change.from}</del> → {change.to}
                        </Typography.Text>
                      )),
                  },
                ]}
              />
            )}
          </Flex>
        )}
      </Modal>
    </>
  );
}
