import { Alert, Form, Input, Select, Typography } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  violationsResource,
  type ViolatorApplied,
  type ViolatorItem,
  type ViolatorTemplateOption,
} from '@rx/contracts/violations';
import { useMessage } from '@/shared/feedback.tsx';
import { http } from '@/shared/http.ts';
import { AppModal } from '@/shared/ui/index.ts';

const RESOURCE = violationsResource;

/** The rung a template applies at an offence number: past the last rung, the last one again. */
function rungOf(option: ViolatorTemplateOption) {
  const n = option.next_offence ?? 1;
  return option.ladder[Math.min(n, option.ladder.length) - 1];
}

/** Apply a violation template to the violator: pick a template (the rung it will apply shows) and a note. */
export function ApplyDialog({
  open,
  violator,
  onClose,
  onApplied,
}: {
  open: boolean;
  violator: ViolatorItem;
  onClose: () => void;
  onApplied: (answer: ViolatorApplied) => void;
}) {
  const { t } = useTranslation('violations');
  const toast = useMessage();
  const [form] = Form.useForm<{ template_id?: number; note: string }>();
  const chosen = Form.useWatch('template_id', form);
  const templates = useQuery({
    queryKey: [RESOURCE.name, 'templates', violator.openid],
    enabled: open,
    queryFn: ({ signal }) =>
      http.get<ViolatorTemplateOption[]>(
        `/${RESOURCE.name}/templates`,
        { openid: violator.openid },
        { signal },
      ),
  });
  const apply = useMutation({
    mutationFn: (values: { template_id?: number; note: string }) =>
      http.post<ViolatorApplied>(`/${RESOURCE.name}/players/${encodeURIComponent(violator.openid)}/apply`, {
        template_id: values.template_id,
        note: values.note ?? '',
        version: violator.version,
      }),
    onSuccess: (answer) => {
      toast.success(
        t('apply.done', {
          offence: answer.applied.offence,
          action: t(`ladder.${answer.applied.step.action}`),
        }),
      );
      form.resetFields();
      onApplied(answer);
    },
  });
  const options = templates.data ?? [];
  const picked = options.find((o) => o.id === chosen);
  const rung = picked ? rungOf(picked) : undefined;
  return (
    <AppModal
      open={open}
      title={t('apply.title')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ disabled: !options.length }}
      confirmLoading={apply.isPending}
      destroyOnHidden
    >
      {templates.isSuccess && !options.length && (
        <Alert type="info" showIcon title={t('apply.noTemplates')} style={{ marginBlockEnd: 12 }} />
      )}
      <Form form={form} layout="vertical" initialValues={{ note: '' }} onFinish={(v) => apply.mutate(v)}>
        <Form.Item
          name="template_id"
          label={t('apply.template')}
          rules={[{ required: true, message: t('apply.templateRequired') }]}
        >
          <Select
            loading={templates.isFetching}
            showSearch={{ optionFilterProp: 'label' }}
            options={options.map((o) => ({
              value: o.id,
              label: `${o.code} · ${o.name} (${t(`categories.${o.category}`, o.category)})`,
            }))}
          />
        </Form.Item>
        {picked && rung && (
          <Typography.Paragraph data-testid="apply-rung">
            {t('apply.rung', { offence: picked.next_offence ?? 1, action: t(`ladder.${rung.action}`) })}
            {rung.action !== 'warn' &&
              ` · ${rung.duration_minutes === null ? t('apply.permanent') : t('apply.minutes', { count: rung.duration_minutes })}`}
          </Typography.Paragraph>
        )}
        <Form.Item name="note" label={t('apply.note')}>
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
      </Form>
    </AppModal>
  );
}
