import { useState } from 'react';
import { Alert, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { staffResetPasswordBody, staffResource, type Staff } from '@rx/contracts/system-admin';
import { clearChangedErrors, serverFieldErrors, showFieldErrors, validateWith } from '@/shared/crud/index.ts';
import { useMessage } from '@/shared/feedback.tsx';
import { ApiError, http } from '@/shared/http.ts';
import { useLocale } from '@/shared/i18n.ts';
import { AppModal } from '@/shared/ui/index.ts';
import { PasswordField } from './StaffForm.tsx';

/** Sets a new initial password: the staff member's sign-ins end and they choose their own at the next one. */
export function ResetPasswordModal({ staff, onClose }: { staff: Staff | null; onClose: () => void }) {
  const { t } = useTranslation('system');
  const message = useMessage();
  const lang = useLocale((s) => s.language);
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    setProblem(null);
    onClose();
  };
  const submit = async () => {
    if (!staff) return;
    const checked = validateWith(staffResetPasswordBody, form.getFieldsValue(true), lang);
    if (!checked.ok) return void showFieldErrors(form, checked.errors);
    setSaving(true);
    try {
      await http.post(`/${staffResource.name}/${staff.id}/reset-password`, checked.data, { silent: true });
      void message.success(t('staff.resetDone', { name: staff.username }));
      close();
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields) setProblem(showFieldErrors(form, fields).join(' ') || null);
      else if (error instanceof ApiError) setProblem(error.msg);
      else throw error;
    } finally {
      setSaving(false);
    }
  };
  return (
    <AppModal
      open={staff !== null}
      title={t('staff.resetTitle', { name: staff?.username ?? '' })}
      onCancel={close}
      onOk={() => void submit()}
      okButtonProps={{ loading: saving }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('staff.resetIntro')}</Typography.Paragraph>
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBlockEnd: 12 }} />}
      <Form
        form={form}
        layout="vertical"
        onFinish={() => void submit()}
        onFieldsChange={(changed) => clearChangedErrors(form, changed)}
      >
        <PasswordField />
      </Form>
    </AppModal>
  );
}
