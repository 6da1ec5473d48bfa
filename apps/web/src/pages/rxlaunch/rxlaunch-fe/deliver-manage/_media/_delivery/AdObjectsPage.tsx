import { useMemo, useState } from 'react';
import { Button, Form, InputNumber, Modal, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  AD_OBJECT_LEVELS,
  AD_OBJECT_STATUSES,
  adObjectsResource,
  type AdObject,
  type AdObjectSyncAnswer,
} from '@rx/contracts/ad-objects';
import type { AdReportAccounts } from '@rx/contracts/ad-reports';
import { usePermission } from '@/app/permission/index.ts';
import { enumSearch } from '@/shared/crud/index.ts';
import { QueryListPage } from '@/shared/crud/QueryListPage.tsx';
import { formatDateTime, formatMoney } from '@/shared/format.ts';
import { ApiError, http } from '@/shared/http.ts';
import { currentLanguage } from '@/shared/i18n.ts';
import { useMediumList } from '../use-medium-list.ts';

const RESOURCE = adObjectsResource;
const STATUS_COLORS: Record<string, string> = { active: 'green', paused: 'orange', deleted: 'default' };
const yuan = (cents: number | null) => (cents === null ? '—' : formatMoney(cents, 'CNY', currentLanguage()));

type Editing = { object: AdObject; field: 'budget' | 'bid' } | null;

/**
 * A medium's delivery (Toutiao `put-manage`, Tencent `gdtv3-list` and `gdt-list`): the live
 * campaigns and ad groups pulled from the medium, paused, resumed or given a new budget or bid on
 * the medium (sent with the object's token); a refusal shows the medium's reason.
 */
export function AdObjectsPage() {
  const { t, toast, client, media, productId, permissions, params, setParams, key, list } =
    useMediumList<AdObject>(RESOURCE);
  const canEdit = usePermission([permissions.edit]);
  const canExport = usePermission([permissions.export]);
  const accounts = useQuery({
    queryKey: ['ad-reports', media, productId, 'accounts'],
    queryFn: ({ signal }) => http.get<AdReportAccounts>('/ad-reports/accounts', { media }, { signal }),
    enabled: !!productId,
    retry: false,
  });
  const [syncing, setSyncing] = useState(false);
  const [editing, setEditing] = useState<Editing>(null);
  const refresh = () => client.invalidateQueries({ queryKey: key });

  const send = async (object: AdObject, body: Record<string, unknown>) => {
    try {
      await http.post(
        `/${RESOURCE.name}/${object.id}/action`,
        { ...body, version: object.version },
        {
          query: { media },
          silent: true,
        },
      );
      toast.success(t('objects.sent'));
      return true;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      toast.error(error.msg);
      return false;
    } finally {
      void refresh();
    }
  };
  const sync = async () => {
    setSyncing(true);
    try {
      const answer = await http.post<AdObjectSyncAnswer>(`/${RESOURCE.name}/sync`, {}, { query: { media } });
      toast.success(t('objects.synced', answer));
      void refresh();
    } finally {
      setSyncing(false);
    }
  };

  const columns = useMemo<ColumnsType<AdObject>>(
    () => [
      { title: t('objects.columns.name'), dataIndex: 'name', width: 200, sorter: true, ellipsis: true },
      {
        title: t('objects.columns.level'),
        dataIndex: 'level',
        width: 100,
        render: (level: string) => t(`objects.levels.${level}`),
      },
      { title: t('objects.columns.objectId'), dataIndex: 'object_id', width: 170 },
      { title: t('objects.columns.account'), dataIndex: 'account_id', width: 170 },
      {
        title: t('objects.columns.status'),
        dataIndex: 'status',
        width: 110,
        render: (status: string) => (
          <Tag color={STATUS_COLORS[status]}>{t(`objects.statuses.${status}`)}</Tag>
        ),
      },
      {
        title: t('objects.columns.budget'),
        dataIndex: 'budget',
        width: 130,
        align: 'end',
        sorter: true,
        render: yuan,
      },
      { title: t('objects.columns.bid'), dataIndex: 'bid', width: 110, align: 'end', render: yuan },
      {
        title: t('objects.columns.spendToday'),
        dataIndex: 'spend_today',
        width: 130,
        align: 'end',
        sorter: true,
        render: yuan,
      },
      {
        title: t('objects.columns.lastError'),
        dataIndex: 'last_error',
        width: 220,
        ellipsis: true,
        render: (text: string) => (text ? <Typography.Text type="danger">{text}</Typography.Text> : '—'),
      },
      {
        title: t('objects.columns.syncedAt'),
        dataIndex: 'synced_at',
        width: 170,
        render: (at: string) => formatDateTime(at),
      },
      ...(canEdit
        ? [
            {
              title: t('crud:action.actions'),
              key: 'actions',
              width: 220,
              render: (_: unknown, object: AdObject) =>
                object.status === 'deleted' ? null : (
                  <Space size={4} wrap>
                    <Button
                      size="small"
                      onClick={() =>
                        void send(object, { action: object.status === 'active' ? 'pause' : 'resume' })
                      }
                    >
                      {t(object.status === 'active' ? 'objects.pause' : 'objects.resume')}
                    </Button>
                    <Button size="small" onClick={() => setEditing({ object, field: 'budget' })}>
                      {t('objects.budget')}
                    </Button>
                    {object.level === 'adgroup' && (
                      <Button size="small" onClick={() => setEditing({ object, field: 'bid' })}>
                        {t('objects.bid')}
                      </Button>
                    )}
                  </Space>
                ),
            },
          ]
        : []),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `send` reads the current media and list
    [t, canEdit, media],
  );

  return (
    <QueryListPage<AdObject>
      title={t('objects.title', { media: t(`media.${media}`) })}
      intro={t('objects.intro')}
      params={params}
      setParams={setParams}
      list={list}
      fields={[
        { name: 'q', label: t('crud:field.keyword') },
        enumSearch(t, 'level', t('objects.columns.level'), AD_OBJECT_LEVELS, 'objects.levels'),
        enumSearch(t, 'status', t('objects.columns.status'), AD_OBJECT_STATUSES, 'objects.statuses'),
        {
          name: 'ad_account_id',
          label: t('objects.columns.account'),
          kind: 'select',
          width: 220,
          options: (accounts.data?.list ?? []).map((a) => ({ value: String(a.id), label: a.account_id })),
        },
      ]}
      searchExtra={
        <Button type="primary" loading={syncing} onClick={() => void sync()}>
          {t('objects.sync')}
        </Button>
      }
      rowKey="id"
      toolsId={`ad-objects-${media}`}
      exportAs={canExport ? RESOURCE.name : false}
      exportFilters={{ media }}
      columns={columns}
      sortFields={{ name: 'name', budget: 'budget', spend_today: 'spend_today' }}
    >
      {editing && (
        <ValueDialog
          editing={editing}
          onClose={() => setEditing(null)}
          onSend={async (value) => {
            if (await send(editing.object, { action: editing.field, value })) setEditing(null);
          }}
        />
      )}
    </QueryListPage>
  );
}

/** A new budget or bid, in yuan, sent as cents. */
function ValueDialog({
  editing,
  onClose,
  onSend,
}: {
  editing: NonNullable<Editing>;
  onClose: () => void;
  onSend: (cents: number) => Promise<void>;
}) {
  const { t } = useTranslation('ads');
  const [form] = Form.useForm<{ value: number }>();
  const [busy, setBusy] = useState(false);
  const current = editing.object[editing.field];
  return (
    <Modal
      open
      title={t(editing.field === 'budget' ? 'objects.budgetTitle' : 'objects.bidTitle', {
        name: editing.object.name,
      })}
      onCancel={onClose}
      okText={t('objects.send')}
      cancelText={t('crud:action.cancel')}
      confirmLoading={busy}
      onOk={async () => {
        const { value } = await form.validateFields();
        setBusy(true);
        try {
          await onSend(Math.round(value * 100));
        } finally {
          setBusy(false);
        }
      }}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ value: current === null ? undefined : current / 100 }}
      >
        <Form.Item
          name="value"
          htmlFor="ad-object-value"
          label={t(editing.field === 'budget' ? 'objects.columns.budget' : 'objects.columns.bid')}
          rules={[{ required: true, message: t('objects.valueRequired') }]}
        >
          <InputNumber
            id="ad-object-value"
            min={0.01}
            max={1_000_000}
            step={1}
            precision={2}
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
