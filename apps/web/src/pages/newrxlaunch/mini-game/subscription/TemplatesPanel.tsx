import { useState } from 'react';
import { Button, Card, Form, Input, Modal, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { pushTasksResource } from '@rx/contracts/push';
import type { PushTemplate } from '@rx/contracts/push-subscriptions';
import { usePermission } from '@/app/permission/index.ts';
import { useProduct } from '@/app/product/index.ts';
import { useMessage } from '@/shared/feedback.tsx';
import { formatDateTime } from '@/shared/format.ts';
import { http } from '@/shared/http.ts';
import { DataTable } from '@/shared/ui/index.ts';

export const TEMPLATES_KEY = 'push-templates';

/** The synced templates of the game (for the send form's template picker too). */
export function useTemplates() {
  const productId = useProduct((s) => s.productId);
  return useQuery({
    queryKey: [TEMPLATES_KEY, productId],
    queryFn: () => http.get<PushTemplate[]>('/push-templates'),
    enabled: !!productId,
  });
}

/** The templates synced from WeChat: sync them again, set what each field says. */
export function TemplatesPanel() {
  const { t } = useTranslation('push');
  const message = useMessage();
  const client = useQueryClient();
  const mayEdit = usePermission([pushTasksResource.permissionsBy!.mini_game!.edit]);
  const templates = useTemplates();
  const [editing, setEditing] = useState<PushTemplate | null>(null);
  const sync = useMutation({
    mutationFn: () =>
      http.post<{ added: number; updated: number; removed: number }>('/push-templates/sync', {}),
    onSuccess: (counts) => {
      void message.success(t('sub.synced', counts));
      void client.invalidateQueries({ queryKey: [TEMPLATES_KEY] });
    },
  });
  const columns: ColumnsType<PushTemplate> = [
    { title: t('sub.template.title'), dataIndex: 'title', width: 160 },
    {
      title: t('task.templateId'),
      dataIndex: 'template_id',
      width: 200,
      render: (id: string) => (
        <Typography.Text code copyable ellipsis={{ tooltip: id }} style={{ maxWidth: 180 }}>
          {id}
        </Typography.Text>
      ),
    },
    {
      title: t('sub.template.mapping'),
      key: 'mapping',
      render: (_, row) => (
        <Space size={[4, 4]} wrap>
          {row.fields.map((field) => {
            const value = row.mapping.find((m) => m.key === field)?.value;
            return <Tag key={field}>{value ? `${field}: ${value}` : field}</Tag>;
          })}
        </Space>
      ),
    },
    {
      title: t('status'),
      dataIndex: 'status',
      width: 100,
      render: (status: PushTemplate['status']) => (
        <Tag color={status === 'active' ? 'green' : 'default'} data-testid="template-status">
          {t(`sub.template.states.${status}`)}
        </Tag>
      ),
    },
    {
      title: t('sub.template.syncedAt'),
      dataIndex: 'synced_at',
      width: 170,
      render: (at: string) => formatDateTime(at),
    },
    ...(mayEdit
      ? [
          {
            title: t('crud:action.actions'),
            key: 'actions',
            width: 120,
            render: (_: unknown, row: PushTemplate) => (
              <Button type="link" size="small" data-testid="template-edit" onClick={() => setEditing(row)}>
                {t('sub.template.editMapping')}
              </Button>
            ),
          },
        ]
      : []),
  ];
  return (
    <Card
      title={t('sub.tabs.templates')}
      extra={
        mayEdit && (
          <Button
            type="primary"
            loading={sync.isPending}
            onClick={() => sync.mutate()}
            data-testid="templates-sync"
          >
            {t('sub.sync')}
          </Button>
        )
      }
    >
      <Typography.Paragraph type="secondary">{t('sub.templatesIntro')}</Typography.Paragraph>
      <DataTable<PushTemplate>
        rowKey="id"
        size="small"
        loading={templates.isLoading}
        columns={columns}
        dataSource={templates.data ?? []}
        pagination={false}
        scroll={{ x: 900 }}
        aria-label={t('sub.tabs.templates')}
      />
      <MappingModal template={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}

function MappingModal({ template, onClose }: { template: PushTemplate | null; onClose: () => void }) {
  const { t } = useTranslation('push');
  const message = useMessage();
  const client = useQueryClient();
  const [form] = Form.useForm<Record<string, string>>();
  const save = useMutation({
    mutationFn: (values: Record<string, string>) =>
      http.put(`/push-templates/${template!.id}`, {
        mapping: template!.fields.map((key) => ({ key, value: values[key] ?? '' })),
        version: template!.version,
      }),
    onSuccess: () => {
      void message.success(t('sub.template.saved'));
      void client.invalidateQueries({ queryKey: [TEMPLATES_KEY] });
      onClose();
    },
  });
  return (
    <Modal
      open={!!template}
      title={template ? t('sub.template.mappingOf', { name: template.title }) : ''}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('crud:action.save')}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      {template && (
        <Form
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={Object.fromEntries(template.mapping.map((m) => [m.key, m.value]))}
          onFinish={(values) => save.mutate(values)}
        >
          <Typography.Paragraph type="secondary" style={{ whiteSpace: 'pre-line' }}>
            {template.example || template.content}
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary">{t('sub.template.mappingHint')}</Typography.Paragraph>
          {template.fields.map((field) => (
            <Form.Item key={field} name={field} label={field}>
              <Input maxLength={200} />
            </Form.Item>
          ))}
        </Form>
      )}
    </Modal>
  );
}
