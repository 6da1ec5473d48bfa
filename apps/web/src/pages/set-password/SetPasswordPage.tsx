import { useState } from 'react';
import { Alert, App, Button, Card, Flex, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { validationMessage } from '@rx/contracts/validation';
import { logout, useSession } from '@/app/session.ts';
import { ApiError } from '@/shared/http.ts';
import { useLocale } from '@/shared/i18n.ts';
import { continueTo, markPasswordChanged, newPasswordProblems, setPassword } from './password.ts';

interface Values {
  old_password: string;
  new_password: string;
  confirm_password: string;
}

/**
 * A user still on their initial password (is_modified_password 0) sets their own before using the
 * console. The same policy is checked here and on the server; the server's field errors are shown.
 */
export function SetPasswordPage() {
  const { t } = useTranslation('nav');
  const user = useSession((state) => state.user);
  const language = useLocale((state) => state.language);
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string>();
  const target = continueTo(search.get('to'));
  if (!user) return null;
  if (user.is_modified_password !== 0) return <Navigate replace to={target} />;

  const required = { required: true, message: validationMessage('required', language) };
  const submit = async ({ old_password, new_password }: Values) => {
    setSaving(true);
    setFailure(undefined);
    try {
      await setPassword(old_password, new_password);
      markPasswordChanged(user);
      void message.success(t('password.done'));
      await navigate(target, { replace: true });
    } catch (error) {
      const fields =
        error instanceof ApiError ? (error.data as { fields?: Record<string, string> })?.fields : null;
      if (fields) {
        const known = ['old_password', 'new_password'] as const;
        form.setFields(
          known.filter((name) => fields[name]).map((name) => ({ name, errors: [fields[name]!] })),
        );
        const other = Object.entries(fields).find(([name]) => !(known as readonly string[]).includes(name));
        if (other) setFailure(other[1]);
      } else setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Flex justify="center" align="center" style={{ minHeight: '100vh', padding: 16 }}>
      <Card className="rx-set-password" style={{ width: '100%', maxWidth: 440 }}>
        <Typography.Title level={3}>{t('password.title')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('password.intro')}</Typography.Paragraph>
        {failure && <Alert type="error" title={failure} showIcon style={{ marginBlockEnd: 16 }} />}
        <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => void submit(values)}>
          <Form.Item name="old_password" label={t('password.old')} rules={[required]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item
            name="new_password"
            label={t('password.new')}
            extra={t('password.policy')}
            rules={[
              required,
              {
                validator: async (_rule, value: string | undefined) => {
                  const problems = value ? newPasswordProblems(value, user.username, language) : [];
                  if (problems.length) throw new Error(problems.join(' '));
                },
              },
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="confirm_password"
            label={t('password.confirm')}
            dependencies={['new_password']}
            rules={[
              required,
              ({ getFieldValue }) => ({
                validator: async (_rule, value: string | undefined) => {
                  if (value && value !== getFieldValue('new_password'))
                    throw new Error(t('password.mismatch'));
                },
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Flex vertical gap="small">
            <Button type="primary" htmlType="submit" block loading={saving}>
              {t('password.submit')}
            </Button>
            <Button type="link" block onClick={() => void logout()}>
              {t('common:logout')}
            </Button>
          </Flex>
        </Form>
      </Card>
    </Flex>
  );
}
