import { Form, Input, InputNumber, Typography, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CheatFlagItem } from '@rx/contracts/cheat-flags';
import type { ViolationTemplate } from '@rx/contracts/violation-templates';
import { RefSelect } from '@/shared/crud/RefSelect.tsx';
import { AppModal } from '@/shared/ui/index.ts';

interface ConfirmProps {
  flag: CheatFlagItem | null;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (values: { template_id: number; note: string }) => void;
}

/** Confirm a flag: pick the violation template to apply (its ladder picks the sanction) and a note. */
export function ConfirmDialog({ flag, busy, onCancel, onSubmit }: ConfirmProps) {
  const { t } = useTranslation('cheatFlags');
  const [form] = Form.useForm<{ template_id: number; note?: string }>();
  return (
    <AppModal
      open={flag !== null}
      title={t('form.confirmTitle', { openid: flag?.openid ?? '' })}
      onCancel={onCancel}
      onOk={() => form.submit()}
      okText={t('actions.confirm')}
      okButtonProps={{ danger: true, 'data-testid': 'cheat-confirm-ok' } as ButtonProps}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('form.confirmHint')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        onFinish={(values) => onSubmit({ template_id: values.template_id, note: values.note?.trim() ?? '' })}
      >
        <Form.Item
          name="template_id"
          label={t('form.template')}
          rules={[{ required: true, message: t('form.templateRequired') }]}
        >
          <RefSelect<ViolationTemplate>
            resource="violation-templates"
            filters={{ status: 'active' }}
            label={(row) => `${row.code} · ${row.name}`}
            placeholder={t('form.templatePlaceholder')}
            aria-label={t('form.template')}
          />
        </Form.Item>
        <Form.Item name="note" label={t('form.note')}>
          <Input.TextArea rows={3} maxLength={500} placeholder={t('form.notePlaceholder')} />
        </Form.Item>
      </Form>
    </AppModal>
  );
}

interface NoteProps {
  open: boolean;
  title: string;
  hint: string;
  okText: string;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (note: string) => void;
}

/** A move that takes a note only (false positive, on one flag or the selected ones). */
export function NoteDialog({ open, title, hint, okText, busy, onCancel, onSubmit }: NoteProps) {
  const { t } = useTranslation('cheatFlags');
  const [form] = Form.useForm<{ note?: string }>();
  return (
    <AppModal
      open={open}
      title={title}
      onCancel={onCancel}
      onOk={() => form.submit()}
      okText={okText}
      okButtonProps={{ 'data-testid': 'cheat-note-ok' } as ButtonProps}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={(values) => onSubmit(values.note?.trim() ?? '')}>
        <Form.Item name="note" label={t('form.note')}>
          <Input.TextArea rows={3} maxLength={500} placeholder={t('form.notePlaceholder')} />
        </Form.Item>
      </Form>
    </AppModal>
  );
}

export interface ManualFlag {
  openid: string;
  rule: string;
  score: number;
  note: string;
}

/** Flag a player by hand (source manual). */
export function FlagDialog({
  open,
  busy,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  busy: boolean;
  onCancel: () => void;
  onSubmit: (values: ManualFlag) => void;
}) {
  const { t } = useTranslation('cheatFlags');
  const [form] = Form.useForm<ManualFlag>();
  return (
    <AppModal
      open={open}
      title={t('form.flagTitle')}
      onCancel={onCancel}
      onOk={() => form.submit()}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ score: 60 }}
        onFinish={(values) =>
          onSubmit({
            ...values,
            openid: values.openid.trim(),
            rule: values.rule.trim(),
            note: values.note ?? '',
          })
        }
      >
        <Form.Item name="openid" label={t('columns.openid')} rules={[{ required: true, whitespace: true }]}>
          <Input maxLength={64} dir="ltr" />
        </Form.Item>
        <Form.Item
          name="rule"
          label={t('columns.rule')}
          extra={t('form.ruleHint')}
          rules={[{ required: true, pattern: /^[A-Za-z0-9_.:-]+$/, message: t('form.ruleInvalid') }]}
        >
          <Input maxLength={64} dir="ltr" />
        </Form.Item>
        <Form.Item name="score" label={t('columns.score')} rules={[{ required: true }]}>
          <InputNumber min={0} max={100} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="note" label={t('form.note')}>
          <Input.TextArea rows={3} maxLength={500} placeholder={t('form.notePlaceholder')} />
        </Form.Item>
      </Form>
    </AppModal>
  );
}
