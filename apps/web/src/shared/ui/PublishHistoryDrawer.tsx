import { useState, type ReactNode } from 'react';
import { Alert, Button, Drawer, Form, Input, Space, Tag, Typography } from 'antd';
import type { ColumnsType, ExpandableConfig } from 'antd/es/table/interface';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/shared/format.ts';
import { ApiError } from '@/shared/http.ts';
import { AppModal } from './AppModal.tsx';
import { DataTable } from './DataTable.tsx';

/** What every immutable, numbered publish has (error-code releases, app-version publishes). */
export interface PublishRecord {
  number: number;
  /** The newest publish: what games get now. */
  live: boolean;
  rollback_of: number | null;
  note: string;
  created_by: string;
  created_at: string;
}

export interface PublishHistoryDrawerProps<T extends PublishRecord> {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** A sentence under the title: what the history is and how rollback works. */
  hint: ReactNode;
  width?: number;
  /** The history's query key (with the paging appended) and its loader. */
  queryKey: readonly unknown[];
  load: (
    paging: { page: number; page_size: number },
    signal: AbortSignal,
  ) => Promise<{ list: T[]; total: number }>;
  /** The page's own columns, between the number and who published it. */
  columns: ColumnsType<T>;
  expandable?: ExpandableConfig<T>;
  /** Rollback needs the page's approve permission. */
  canApprove: boolean;
  /** The shared columns' and the rollback's texts, from the page's namespace. */
  labels: { number: string; live: string; by: string; at: string; note: string; rollback: string };
  rollback: {
    title: (row: T) => ReactNode;
    description: (row: T) => ReactNode;
    noteHint?: ReactNode;
    noteMaxLength?: number;
    /** Makes `row` live again; an ApiError is shown in the dialog, which then stays open. */
    submit: (row: T, note: string) => Promise<void>;
  };
}

/**
 * The history of a page's immutable, numbered publishes, newest (live) first, paged; an earlier one
 * can be made live again with a note (the rollback itself, and any second person it waits for, is
 * the page's). Error codes' releases and versions' publishes both show it.
 */
export function PublishHistoryDrawer<T extends PublishRecord>({
  open,
  onClose,
  title,
  hint,
  width = 880,
  queryKey,
  load,
  columns,
  expandable,
  canApprove,
  labels,
  rollback,
}: PublishHistoryDrawerProps<T>) {
  const { t } = useTranslation('crud');
  const [paging, setPaging] = useState({ page: 1, page_size: 10 });
  const [target, setTarget] = useState<T | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const history = useQuery({
    queryKey: [...queryKey, paging],
    queryFn: ({ signal }) => load(paging, signal),
    placeholderData: keepPreviousData,
    enabled: open,
  });
  const closeModal = () => {
    setTarget(null);
    setNote('');
    setProblem(null);
  };
  const submit = async () => {
    if (!target) return;
    setBusy(true);
    setProblem(null);
    try {
      await rollback.submit(target, note.trim());
      closeModal();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setProblem(error.msg);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Drawer open={open} onClose={onClose} title={title} size={width} destroyOnHidden>
      <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph>
      <DataTable<T>
        rowKey="number"
        loading={history.isFetching}
        dataSource={history.data?.list}
        expandable={expandable}
        scroll={{ x: width - 80 }}
        columns={[
          {
            title: labels.number,
            dataIndex: 'number',
            width: 110,
            render: (n: number, row) => (
              <Space size={4}>
                <span>#{n}</span>
                {row.live && <Tag color="success">{labels.live}</Tag>}
              </Space>
            ),
          },
          ...columns,
          { title: labels.by, dataIndex: 'created_by', width: 100 },
          {
            title: labels.at,
            dataIndex: 'created_at',
            width: 170,
            render: (v: string) => formatDateTime(v),
          },
          {
            title: t('action.actions'),
            key: 'actions',
            width: 110,
            render: (_, row) =>
              canApprove && !row.live ? (
                <Button type="link" size="small" danger onClick={() => setTarget(row)}>
                  {labels.rollback}
                </Button>
              ) : null,
          },
        ]}
        pagination={{
          current: paging.page,
          pageSize: paging.page_size,
          total: history.data?.total ?? 0,
          onChange: (page, page_size) => setPaging({ page, page_size }),
        }}
      />
      <AppModal
        open={target !== null}
        title={target ? rollback.title(target) : ''}
        okText={labels.rollback}
        okButtonProps={{ danger: true, loading: busy }}
        onOk={() => void submit()}
        onCancel={closeModal}
        destroyOnHidden
      >
        {problem && <Alert type="error" showIcon title={problem} style={{ marginBlockEnd: 12 }} />}
        <Typography.Paragraph>{target ? rollback.description(target) : null}</Typography.Paragraph>
        <Form layout="vertical">
          <Form.Item label={labels.note} htmlFor="rollback-note" extra={rollback.noteHint}>
            <Input.TextArea
              id="rollback-note"
              value={note}
              maxLength={rollback.noteMaxLength ?? 500}
              showCount
              onChange={(e) => setNote(e.target.value)}
              autoSize={{ minRows: 2, maxRows: 4 }}
            />
          </Form.Item>
        </Form>
      </AppModal>
    </Drawer>
  );
}
