import { useMemo, useState } from 'react';
import { Button, Form, Input, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  VIOLATION_CATEGORIES,
  violationTemplatesResource,
  type LadderStep,
  type ViolationApplied,
  type ViolationTemplate,
} from '@rx/contracts/violation-templates';
import { usePermission } from '@/app/permission/index.ts';
import {
  serverFieldErrors,
  showFieldErrors,
  statusColumn,
  updatedAtColumn,
  enumSearch,
  statusSearch,
} from '@/shared/crud/index.ts';
import { ResourceListPage } from '@/shared/crud/ResourceListPage.tsx';
import { useMessage } from '@/shared/feedback.tsx';
import { http } from '@/shared/http.ts';
import { AppModal } from '@/shared/ui/index.ts';
import { TemplateForm } from './TemplateForm.tsx';

const RESOURCE = violationTemplatesResource;
const NEW_TEMPLATE = {
  code: '',
  name: '',
  category: 'chat_abuse',
  ladder: [
    { action: 'warn', duration_minutes: null },
    { action: 'mute', duration_minutes: 60 },
    { action: 'feature', feature: 'chat', duration_minutes: 1440 },
    { action: 'account', duration_minutes: 10080 },
  ],
  message: { zh: '', en: '', ja: '', th: '', vi: '', tl: '', id: '', ar: '', tc: '' },
  appealable: true,
  status: 'active',
};

/** Violation templates: escalation ladders by offence count, applied to a player as sanctions. */
export function ViolationTemplatesPage() {
  const { t } = useTranslation('violationTemplates');
  const toast = useMessage();
  const client = useQueryClient();
  const canApply = usePermission([RESOURCE.permissions.edit]);
  const [applying, setApplying] = useState<ViolationTemplate | null>(null);
  const [form] = Form.useForm<{ openid: string; note?: string }>();
  const close = () => {
    setApplying(null);
    form.resetFields();
  };
  const stepText = (step: LadderStep) =>
    [
      t(`actions.${step.action}`),
      step.feature ? t(`features.${step.feature}`) : '',
      step.action === 'warn'
        ? ''
        : step.duration_minutes
          ? t('minutesN', { n: step.duration_minutes })
          : t('permanent'),
    ]
      .filter(Boolean)
      .join(' · ');

  const apply = useMutation({
    mutationFn: (values: { openid: string; note?: string }) =>
      http.post<ViolationApplied>(`/${RESOURCE.name}/${applying!.id}/apply`, values, { silent: true }),
    onSuccess: (answer) => {
      toast.success(t('applied', { n: answer.offence, step: stepText(answer.step) }));
      void client.invalidateQueries({ queryKey: ['sanctions'] });
      close();
    },
    onError: (error) => {
      const fields = serverFieldErrors(error);
      if (fields) showFieldErrors(form, fields);
      else toast.error(error instanceof Error ? error.message : String(error));
    },
  });

  const columns = useMemo<ColumnsType<ViolationTemplate>>(
    () => [
      { title: t('code'), dataIndex: 'code', width: 140, sorter: true },
      { title: t('name'), dataIndex: 'name', width: 160 },
      {
        title: t('category'),
        dataIndex: 'category',
        width: 120,
        sorter: true,
        render: (v: string) => t(`categories.${v}`),
      },
      {
        title: t('ladder'),
        dataIndex: 'ladder',
        width: 360,
        render: (ladder: LadderStep[]) => (
          <Space size={4} wrap>
            {ladder.map((step, i) => (
              <Tag key={i}>{`${i + 1}. ${stepText(step)}`}</Tag>
            ))}
          </Space>
        ),
      },
      {
        title: t('appealable'),
        dataIndex: 'appealable',
        width: 90,
        render: (v: boolean) => (v ? t('yes') : t('no')),
      },
      statusColumn<ViolationTemplate>(t),
      updatedAtColumn<ViolationTemplate>(t),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- stepText only reads t
    [t],
  );

  return (
    <>
      <ResourceListPage<ViolationTemplate>
        resource={RESOURCE}
        title={t('menu:page.violationTemplates')}
        columns={columns}
        defaultSort={null}
        actionsWidth={200}
        search={[
          enumSearch(t, 'category', t('category'), VIOLATION_CATEGORIES, 'categories'),
          statusSearch(t),
        ]}
        newItem={NEW_TEMPLATE}
        nameOf={(row) => `${row.code} ${row.name}`}
        form={(editing) => <TemplateForm editing={editing !== 'new'} />}
        rowActions={(row) =>
          canApply && row.status === 'active' ? (
            <Button type="link" size="small" onClick={() => setApplying(row)}>
              {t('apply')}
            </Button>
          ) : null
        }
      />
      <AppModal
        open={applying !== null}
        title={t('applyTitle', { code: applying?.code ?? '' })}
        onCancel={close}
        onOk={() => form.submit()}
        confirmLoading={apply.isPending}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={(values) => apply.mutate(values)}>
          <Form.Item name="openid" label="openid" rules={[{ required: true, whitespace: true }]}>
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="note" label={t('note')}>
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
        </Form>
      </AppModal>
    </>
  );
}
