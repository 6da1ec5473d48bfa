import { useMemo, useState } from 'react';
import { Button, Card, Form, Input, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { playersResource } from '@rx/contracts/players';
import { SANCTION_KINDS, type SanctionItem } from '@rx/contracts/sanctions';
import {
  LengthFields,
  SanctionKindFields,
  sanctionColumns,
  lengthBody,
  showApiErrors,
  type LengthValues,
} from '@/shared/sanctions/sanction-form.tsx';
import { usePermission } from '@/app/permission/index.ts';
import { useProduct } from '@/app/product/index.ts';
import { useMessage } from '@/shared/feedback.tsx';
import { http } from '@/shared/http.ts';
import { loadNamespace } from '@/shared/i18n.ts';
import { AppModal, DataTable } from '@/shared/ui/index.ts';

// The sanctions strings load with the profile page (this component is part of its chunk).
await loadNamespace('sanctions');

type Dialog = { kind: 'new' } | { kind: 'lift' | 'extend'; item: SanctionItem } | null;

interface NewValues extends LengthValues {
  kind: SanctionItem['kind'];
  feature?: string;
  device_id?: string;
  reason?: string;
}

/**
 * A player's sanctions on their profile: those in force and the past ones; ban, mute or kick the
 * player, lift one early or extend it (each with a reason; the server logs it).
 */
export function SanctionsCard({ openid, devices }: { openid: string; devices: string[] }) {
  const { t } = useTranslation('sanctions');
  const toast = useMessage();
  const client = useQueryClient();
  const productId = useProduct((s) => s.productId);
  const canEdit = usePermission([playersResource.permissions.edit]);
  const base = `/players/${encodeURIComponent(openid)}/sanctions`;
  const key = ['sanctions', productId ?? 0, 'player', openid];
  const list = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => http.get<SanctionItem[]>(base, undefined, { signal }),
  });
  const [dialog, setDialog] = useState<Dialog>(null);
  const [form] = Form.useForm();
  const close = () => {
    setDialog(null);
    form.resetFields();
  };
  const done = (message: string) => {
    toast.success(message);
    void client.invalidateQueries({ queryKey: ['sanctions'] });
    void client.invalidateQueries({ queryKey: [playersResource.name] });
    close();
  };

  const save = useMutation({
    mutationFn: async (values: NewValues & { reason?: string }): Promise<SanctionItem> => {
      if (dialog?.kind === 'lift')
        return http.post(`${base}/${dialog.item.id}/lift`, { reason: values.reason }, { silent: true });
      if (dialog?.kind === 'extend')
        return http.post(
          `${base}/${dialog.item.id}/extend`,
          { ...lengthBody(values), reason: values.reason },
          { silent: true },
        );
      const body = {
        kind: values.kind,
        reason: values.reason,
        ...(values.kind === 'feature' ? { feature: values.feature } : {}),
        ...(values.kind === 'device' ? { device_id: values.device_id } : {}),
        ...(values.kind === 'kick' ? {} : lengthBody(values)),
      };
      return http.post(base, body, { silent: true });
    },
    onSuccess: (item) => {
      if (dialog?.kind === 'lift') return done(t('done.lifted'));
      if (dialog?.kind === 'extend') return done(t('done.extended'));
      if (item.delivery === 'pending' || item.delivery === 'failed') toast.warning(t('done.kickPending'));
      done(item.kind === 'kick' ? t('done.kicked') : t('done.created'));
    },
    onError: (error) => {
      if (!showApiErrors(form, error)) toast.error(error instanceof Error ? error.message : String(error));
    },
  });

  const columns = useMemo<ColumnsType<SanctionItem>>(
    () => [
      ...sanctionColumns(t),
      ...(canEdit
        ? [
            {
              title: t('columns.actions'),
              key: 'actions',
              width: 150,
              render: (_: unknown, s: SanctionItem) =>
                s.status === 'active' ? (
                  <Space size={4}>
                    <Button size="small" onClick={() => setDialog({ kind: 'lift', item: s })}>
                      {t('actions.lift')}
                    </Button>
                    {s.ends_at !== null && (
                      <Button size="small" onClick={() => setDialog({ kind: 'extend', item: s })}>
                        {t('actions.extend')}
                      </Button>
                    )}
                  </Space>
                ) : null,
            },
          ]
        : []),
    ],
    [t, canEdit],
  );

  const rows = list.data ?? [];
  const current = rows.filter((s) => s.status === 'active');
  const title =
    dialog?.kind === 'lift'
      ? t('form.liftTitle')
      : dialog?.kind === 'extend'
        ? t('form.extendTitle')
        : t('form.newTitle', { openid });

  return (
    <Card
      size="small"
      title={`${t('title')} · ${t('current')} ${current.length}`}
      style={{ marginBlockEnd: 16 }}
      extra={
        canEdit && (
          <Button type="primary" danger onClick={() => setDialog({ kind: 'new' })}>
            {t('actions.new')}
          </Button>
        )
      }
    >
      {rows.length === 0 && !list.isPending ? (
        <Typography.Text type="secondary">{t('none')}</Typography.Text>
      ) : (
        <DataTable<SanctionItem>
          rowKey="id"
          loading={list.isFetching}
          columns={columns}
          dataSource={rows}
          pagination={{ defaultPageSize: 5 }}
          aria-label={t('title')}
        />
      )}
      <AppModal
        open={dialog !== null}
        title={title}
        onCancel={close}
        onOk={() => form.submit()}
        confirmLoading={save.isPending}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          initialValues={{ kind: 'account', length: '1440' }}
          onFinish={(values: NewValues) => save.mutate(values)}
        >
          {dialog?.kind === 'new' && <SanctionKindFields t={t} kinds={SANCTION_KINDS} devices={devices} />}
          {dialog?.kind === 'extend' && <LengthFields t={t} label={t('form.extendBy')} />}
          <Form.Item
            name="reason"
            label={dialog?.kind === 'lift' ? t('form.liftReason') : t('form.reason')}
            rules={[{ required: true, whitespace: true }]}
          >
            <Input.TextArea rows={3} maxLength={500} placeholder={t('form.reasonPlaceholder')} />
          </Form.Item>
        </Form>
      </AppModal>
    </Card>
  );
}
