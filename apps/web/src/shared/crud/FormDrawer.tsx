import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Button, Drawer, Flex, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ZodType } from 'zod';
import { ErrorCode } from '@rx/contracts/errors';
import { ApiError } from '../http.ts';
import { currentLanguage } from '../i18n.ts';
import { serverFieldErrors, showFieldErrors, validateWith } from './zod-form.ts';

interface FormDrawerProps<T> {
  open: boolean;
  title: ReactNode;
  /** The values the form starts from (a row to edit, or the defaults of a new one). */
  initialValues: Record<string, unknown>;
  /** The API's own schema: the form checks exactly what the server will. */
  schema: ZodType<T>;
  onSubmit: (data: T) => Promise<unknown>;
  onClose: () => void;
  children: ReactNode;
  width?: number;
}

/**
 * A create/edit form in a drawer, checked by the request's zod schema before it is sent; the
 * server's field errors land on their fields, a stale version says so and offers to reload.
 */
export function FormDrawer<T>({
  open,
  title,
  initialValues,
  schema,
  onSubmit,
  onClose,
  children,
  width = 640,
}: FormDrawerProps<T>) {
  const { t } = useTranslation('crud');
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(initialValues);
  }, [open, initialValues, form]);
  const close = () => {
    setProblem(null);
    onClose();
  };

  const submit = async () => {
    const values = { ...initialValues, ...form.getFieldsValue(true) };
    const checked = validateWith(schema, values, currentLanguage());
    if (!checked.ok) {
      const orphans = showFieldErrors(form, checked.errors);
      setProblem(orphans.length ? orphans.join(' ') : t('form.fixErrors'));
      return;
    }
    setSaving(true);
    setProblem(null);
    try {
      await onSubmit(checked.data);
      close();
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields) setProblem(showFieldErrors(form, fields).join(' ') || t('form.fixErrors'));
      else if (error instanceof ApiError && error.code === ErrorCode.CONFLICT) setProblem(t('form.stale'));
      else if (error instanceof ApiError) setProblem(error.msg);
      else throw error;
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      open={open}
      title={title}
      size={width}
      onClose={close}
      destroyOnHidden
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={close}>{t('action.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => void submit()}>
            {t('action.save')}
          </Button>
        </Flex>
      }
    >
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBlockEnd: 16 }} />}
      <Form form={form} layout="vertical" onFinish={() => void submit()} requiredMark>
        {children}
      </Form>
    </Drawer>
  );
}
