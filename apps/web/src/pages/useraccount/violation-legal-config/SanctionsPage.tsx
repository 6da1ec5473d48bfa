import { useMemo, useState } from 'react';
import { Button, Form, Input, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  BULK_SANCTION_KINDS,
  SANCTION_FEATURES,
  SANCTION_KINDS,
  SANCTION_STATUSES,
  sanctionsResource,
  type SanctionItem,
} from '@rx/contracts/sanctions';
import { usePermission } from '@/app/permission/index.ts';
import { enumSearch } from '@/shared/crud/index.ts';
import { QueryListPage } from '@/shared/crud/QueryListPage.tsx';
import { useResource } from '@/shared/crud/use-resource.ts';
import { useMessage } from '@/shared/feedback.tsx';
import { http } from '@/shared/http.ts';
import { AppModal } from '@/shared/ui/index.ts';
import { UploadField } from '@/shared/upload/index.ts';
import { openidColumn } from '@/shared/player-link.tsx';
import {
  SanctionKindFields,
  sanctionColumns,
  lengthBody,
  showApiErrors,
  type LengthValues,
} from '@/shared/sanctions/sanction-form.tsx';

const RESOURCE = sanctionsResource;

interface BulkValues extends LengthValues {
  file?: string;
  kind: string;
  feature?: string;
  reason?: string;
}

/**
 * Risk-control account handling: sanctions across the game's players, filtered; a bulk sanction
 * from an uploaded openid list (a job with per-line results, or an approval request above the
 * threshold).
 */
export function SanctionsPage() {
  const { t } = useTranslation('sanctions');
  const toast = useMessage();
  const client = useQueryClient();
  const { params, setParams, list } = useResource<SanctionItem>(RESOURCE, { defaultSort: '-created_at' });
  const canBulk = usePermission([RESOURCE.permissions.edit]);
  const canExport = usePermission([RESOURCE.permissions.export]);
  const [open, setOpen] = useState(false);
  const [fileId, setFileId] = useState<string>();
  const [form] = Form.useForm<BulkValues>();
  const close = () => {
    setOpen(false);
    setFileId(undefined);
    form.resetFields();
  };

  const bulk = useMutation({
    mutationFn: (values: BulkValues) =>
      http.post<{ job_id?: number; approval?: { id: number }; count: number }>(
        `/${RESOURCE.name}/bulk`,
        {
          file_id: fileId,
          kind: values.kind,
          reason: values.reason,
          ...(values.kind === 'feature' ? { feature: values.feature } : {}),
          ...(values.kind === 'kick' ? {} : lengthBody(values)),
        },
        { silent: true },
      ),
    onSuccess: (answer) => {
      toast.success(
        answer.approval
          ? t('bulk.waiting', { count: answer.count })
          : t('bulk.started', { count: answer.count }),
      );
      void client.invalidateQueries({ queryKey: [RESOURCE.name] });
      close();
    },
    onError: (error) => {
      if (!showApiErrors(form, error)) toast.error(error instanceof Error ? error.message : String(error));
    },
  });

  const columns = useMemo<ColumnsType<SanctionItem>>(
    () => [openidColumn<SanctionItem>(t('columns.openid')), ...sanctionColumns(t, { sortable: true })],
    [t],
  );

  return (
    <QueryListPage<SanctionItem>
      title={t('menu:page.riskControlAccounts')}
      intro={t('intro')}
      params={params}
      setParams={setParams}
      list={list}
      fields={[
        { name: 'openid', label: t('columns.openid'), width: 200 },
        { ...enumSearch(t, 'kind', t('columns.kind'), SANCTION_KINDS, 'kinds'), width: 150 },
        { ...enumSearch(t, 'feature', t('form.feature'), SANCTION_FEATURES, 'features'), width: 130 },
        { ...enumSearch(t, 'status', t('columns.status'), SANCTION_STATUSES, 'statuses'), width: 130 },
        { name: 'from', label: t('filters.from'), kind: 'date' },
        { name: 'to', label: t('filters.to'), kind: 'date' },
      ]}
      rowKey="id"
      toolsId="sanctions"
      exportAs={canExport && RESOURCE.name}
      leading={
        canBulk && (
          <Button type="primary" danger onClick={() => setOpen(true)}>
            {t('bulk.open')}
          </Button>
        )
      }
      columns={columns}
      sortFields={{ ends_at: 'ends_at', created_at: 'created_at' }}
    >
      <AppModal
        open={open}
        title={t('bulk.title')}
        onCancel={close}
        onOk={() => form.submit()}
        confirmLoading={bulk.isPending}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('bulk.hint')}</Typography.Paragraph>
        <Form
          form={form}
          layout="vertical"
          initialValues={{ kind: 'account', length: '1440' }}
          onFinish={(values) => {
            if (!fileId) {
              form.setFields([{ name: 'file', errors: [t('bulk.fileRequired')] }]);
              return;
            }
            bulk.mutate(values);
          }}
        >
          <Form.Item name="file" label={t('bulk.file')} required>
            <UploadField use="openid_list" onUploaded={(item) => setFileId(item.id)} testId="bulk-file" />
          </Form.Item>
          <Form.Item name="file_id" hidden>
            <Input />
          </Form.Item>
          <SanctionKindFields t={t} kinds={BULK_SANCTION_KINDS} spaced />
          <Form.Item name="reason" label={t('form.reason')} rules={[{ required: true, whitespace: true }]}>
            <Input.TextArea rows={3} maxLength={500} placeholder={t('form.reasonPlaceholder')} />
          </Form.Item>
        </Form>
      </AppModal>
    </QueryListPage>
  );
}
