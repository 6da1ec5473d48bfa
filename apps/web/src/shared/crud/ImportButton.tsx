import { useRef, useState } from 'react';
import { Alert, Button, Flex, Modal, Statistic, Table, Typography } from 'antd';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import { useTranslation } from 'react-i18next';
import type { ImportAnswer } from '@rx/contracts/lists';
import { ApiError, http } from '../http.ts';

interface ImportButtonProps {
  resource: string;
  /** Called after an import was applied. */
  onImported: () => void;
}

/**
 * Imports a CSV or XLSX file in two steps: a dry run shows what would be created, changed and
 * refused; only "apply" writes, all rows or none.
 */
export function ImportButton({ resource, onImported }: ImportButtonProps) {
  const { t } = useTranslation('crud');
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [diff, setDiff] = useState<ImportAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const send = async (chosen: File, dryRun: boolean) => {
    setBusy(true);
    setProblem(null);
    try {
      const answer = await http.post<ImportAnswer>(`/${resource}/import`, chosen, {
        query: { dry_run: dryRun ? 1 : 0 },
        silent: true,
      });
      setDiff(answer);
      if (!dryRun) {
        close();
        onImported();
      }
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const rows = (error.data as Partial<ImportAnswer> | null)?.errors;
      if (rows)
        setDiff((d) => ({
          ...(d ?? { dry_run: dryRun, create: [], update: [], unchanged: 0 }),
          errors: rows,
        }));
      setProblem(error.msg);
    } finally {
      setBusy(false);
    }
  };
  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    setFile(chosen);
    setDiff(null);
    void send(chosen, true);
  };
  const close = () => {
    setFile(null);
    setDiff(null);
    setProblem(null);
    if (input.current) input.current.value = '';
  };

  const errors = diff?.errors ?? [];
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
        okButtonProps={{
          disabled: !diff || errors.length > 0 || diff.create.length + diff.update.length === 0,
          loading: busy,
        }}
        onOk={() => file && void send(file, false)}
      >
        {problem && <Alert type="error" showIcon title={problem} style={{ marginBlockEnd: 12 }} />}
        {diff && (
          <Flex vertical gap={12}>
            <Flex gap={32}>
              <Statistic title={t('import.create')} value={diff.create.length} />
              <Statistic title={t('import.update')} value={diff.update.length} />
              <Statistic title={t('import.unchanged')} value={diff.unchanged} />
              <Statistic title={t('import.errors')} value={errors.length} />
            </Flex>
            {errors.length > 0 && (
              <Table
                size="small"
                rowKey={(e) => `${e.row}-${e.field}`}
                pagination={{ pageSize: 5 }}
                dataSource={errors}
                columns={[
                  { title: t('import.row'), dataIndex: 'row', width: 70 },
                  { title: t('import.field'), dataIndex: 'field', width: 140 },
                  { title: t('import.message'), dataIndex: 'message' },
                ]}
              />
            )}
            {diff.update.length > 0 && (
              <Table
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
