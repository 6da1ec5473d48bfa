import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Flex,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Select,
  Space,
  Tag,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { profileTagsResource, type ProfileTag, type TagPlayer } from '@rx/contracts/profile-tags';
import { usePermission } from '@/app/permission/index.ts';
import { useProduct } from '@/app/product/index.ts';
import { serverFieldErrors, showFieldErrors } from '@/shared/crud/index.ts';
import { useMessage } from '@/shared/feedback.tsx';
import { formatDateTime } from '@/shared/format.ts';
import { ApiError, http } from '@/shared/http.ts';
import { DataTable } from '@/shared/ui/index.ts';
import { playerPlaceColumns } from '@/shared/player-link.tsx';

const API = '/profile-tags';

/** A value as the page shows it (booleans and dates in words, numbers as they are). */
function ValueText({ tag, value }: { tag: Pick<ProfileTag, 'type'>; value: TagPlayer['value'] }) {
  const { t } = useTranslation('profile-tags');
  if (tag.type === 'boolean')
    return <Tag color={value ? 'success' : 'default'}>{t(value ? 'yes' : 'no')}</Tag>;
  if (tag.type === 'date') return <>{formatDateTime(String(value))}</>;
  return <>{String(value)}</>;
}

/** The value input of a tag's type. */
function ValueInput({
  tag,
  ...props
}: {
  tag: ProfileTag;
  id?: string;
  value?: unknown;
  onChange?: (v: unknown) => void;
}) {
  const { t } = useTranslation('profile-tags');
  switch (tag.type) {
    case 'boolean':
      return (
        <Select
          {...props}
          style={{ width: 120 }}
          options={[
            { value: true, label: t('yes') },
            { value: false, label: t('no') },
          ]}
        />
      );
    case 'enum':
      return (
        <Select
          {...props}
          style={{ width: 160 }}
          options={tag.options.map((value) => ({ value, label: value }))}
        />
      );
    case 'number':
      return <InputNumber {...(props as object)} style={{ width: 160 }} />;
    case 'date':
      return <DatePicker {...(props as object)} />;
  }
}

/** The players holding one tag, with the value; set or clear a value by hand. */
export function TagPlayersPage() {
  const { t } = useTranslation('profile-tags');
  const { name = '' } = useParams();
  const productId = useProduct((s) => s.productId);
  const canEdit = usePermission([profileTagsResource.permissions.edit]);
  const message = useMessage();
  const client = useQueryClient();
  const [filters, setFilters] = useState<{ value?: string; openid?: string }>({});
  const [page, setPage] = useState({ current: 1, size: 10 });
  const [form] = Form.useForm();

  const tag = useQuery({
    queryKey: ['profile-tags', productId, 'by-name', name],
    queryFn: () => http.get<ProfileTag>(`${API}/by-name/${encodeURIComponent(name)}`),
    enabled: !!productId && !!name,
    retry: false,
  });
  const list = useQuery({
    queryKey: ['profile-tags', productId, 'players', tag.data?.id, filters, page],
    queryFn: () =>
      http.get<{ list: TagPlayer[]; total: number }>(`${API}/${tag.data!.id}/players`, {
        ...filters,
        page: page.current,
        page_size: page.size,
      }),
    enabled: !!tag.data,
  });
  const refresh = () => client.invalidateQueries({ queryKey: ['profile-tags', productId] });
  const set = useMutation({
    mutationFn: (values: { openid: string; value: unknown }) =>
      http.put(`${API}/${tag.data!.id}/players/${encodeURIComponent(values.openid.trim())}`, {
        value: dayjs.isDayjs(values.value) ? (values.value as Dayjs).format('YYYY-MM-DD') : values.value,
      }),
    onSuccess: () => {
      message.success(t('valueSet'));
      form.resetFields();
      void refresh();
    },
    onError: (error) => {
      const fields = serverFieldErrors(error);
      if (fields) showFieldErrors(form, fields);
      else if (error instanceof ApiError && error.status === 404)
        showFieldErrors(form, { openid: t('playerNotFound') });
      else message.error(error instanceof Error ? error.message : String(error));
    },
  });
  const clear = useMutation({
    mutationFn: (openid: string) =>
      http.delete(`${API}/${tag.data!.id}/players/${encodeURIComponent(openid)}`),
    onSuccess: () => void refresh(),
  });

  if (tag.error) {
    return (
      <Flex vertical gap={16}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('menu:page.userProfileMembers')}
        </Typography.Title>
        <Alert type="warning" showIcon title={t('tagNotFound', { name })} />
      </Flex>
    );
  }
  const current = tag.data;
  const manual = current && current.source !== 'rule';
  const columns: ColumnsType<TagPlayer> = [
    { title: 'openid', dataIndex: 'openid', width: 200 },
    ...playerPlaceColumns<TagPlayer>(t),
    {
      title: t('value'),
      dataIndex: 'value',
      width: 140,
      render: (v: TagPlayer['value']) => (current ? <ValueText tag={current} value={v} /> : null),
    },
    { title: t('source'), dataIndex: 'source', width: 90, render: (v: string) => t(`sources.${v}`) },
    { title: t('setBy'), dataIndex: 'set_by', width: 110 },
    { title: t('setAt'), dataIndex: 'set_at', width: 170, render: (v: string) => formatDateTime(v) },
    ...(canEdit && manual
      ? [
          {
            title: t('actions'),
            key: 'actions',
            width: 90,
            render: (_: unknown, row: TagPlayer) => (
              <Popconfirm
                title={t('clearConfirm', { openid: row.openid })}
                onConfirm={() => clear.mutate(row.openid)}
              >
                <Button type="link" size="small" danger>
                  {t('clear')}
                </Button>
              </Popconfirm>
            ),
          },
        ]
      : []),
  ];

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('menu:page.userProfileMembers')}
        {current && (
          <Typography.Text type="secondary" style={{ marginInlineStart: 12, fontSize: 14 }}>
            {current.label} ({current.name}) · {t(`types.${current.type}`)} ·{' '}
            {t('playerCountOf', { count: current.player_count })}
          </Typography.Text>
        )}
      </Typography.Title>
      {current && canEdit && manual && (
        <Card size="small" title={t('setTitle')}>
          <Form form={form} layout="inline" onFinish={(v) => set.mutate(v)}>
            <Form.Item
              name="openid"
              label="openid"
              rules={[{ required: true, message: t('openidRequired') }]}
            >
              <Input maxLength={64} style={{ width: 220 }} data-testid="tag-set-openid" />
            </Form.Item>
            <Form.Item
              name="value"
              label={t('value')}
              rules={[{ required: true, message: t('valueRequired') }]}
            >
              <ValueInput tag={current} />
            </Form.Item>
            <Form.Item>
              <Button type="primary" htmlType="submit" loading={set.isPending} data-testid="tag-set-submit">
                {t('setValue')}
              </Button>
            </Form.Item>
          </Form>
        </Card>
      )}
      {current?.source === 'rule' && <Alert type="info" showIcon title={t('ruleValues')} />}
      <Card size="small">
        <Form
          layout="inline"
          onFinish={(v: { value?: unknown; openid?: string }) => {
            setFilters({
              ...(v.value !== undefined && v.value !== null && v.value !== ''
                ? {
                    value: dayjs.isDayjs(v.value) ? (v.value as Dayjs).format('YYYY-MM-DD') : String(v.value),
                  }
                : {}),
              ...(v.openid ? { openid: v.openid.trim() } : {}),
            });
            setPage((p) => ({ ...p, current: 1 }));
          }}
        >
          <Form.Item name="openid" label={t('openidPrefix')}>
            <Input allowClear maxLength={64} style={{ width: 200 }} />
          </Form.Item>
          {current && (
            <Form.Item name="value" label={t('value')}>
              <ValueInput tag={current} />
            </Form.Item>
          )}
          <Form.Item>
            <Space>
              <Button htmlType="submit">{t('filter')}</Button>
            </Space>
          </Form.Item>
        </Form>
      </Card>
      <DataTable<TagPlayer>
        size="small"
        rowKey="openid"
        loading={list.isLoading || tag.isLoading}
        dataSource={list.data?.list ?? []}
        columns={columns}
        data-testid="tag-players"
        pagination={{
          current: page.current,
          pageSize: page.size,
          total: list.data?.total ?? 0,
          onChange: (c, size) => setPage({ current: c, size }),
        }}
      />
    </Flex>
  );
}
