import type { ReactNode } from 'react';
import { Form, Input, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { AppModal } from './AppModal.tsx';

/** A required reason, up to 500 characters (labelled by `form.reason` of the caller's namespace). */
export function ReasonField({ t }: { t: TFunction }) {
  return (
    <Form.Item
      name="reason"
      label={t('form.reason')}
      rules={[{ required: true, whitespace: true, message: t('form.reasonRequired') }]}
    >
      <Input.TextArea rows={3} maxLength={500} />
    </Form.Item>
  );
}

/** A dialog that asks only for a reason (dismiss, reopen, ask to waive), with an optional hint above it. */
export function ReasonDialog({
  ns,
  open,
  title,
  hint,
  pending,
  onClose,
  onSubmit,
}: {
  /** The namespace of the page's `form.reason` texts. */
  ns: string;
  open: boolean;
  title: string;
  hint?: ReactNode;
  pending: boolean;
  onClose: () => void;
  onSubmit: (reason: string) => void;
}) {
  const { t } = useTranslation(ns);
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <AppModal
      open={open}
      title={title}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={pending}
      destroyOnHidden
    >
      {hint && <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph>}
      <Form form={form} layout="vertical" onFinish={(v) => onSubmit(v.reason)}>
        <ReasonField t={t} />
      </Form>
    </AppModal>
  );
}
