import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Drawer, Flex, Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ZodType } from 'zod';
import { ErrorCode } from '@rx/contracts/errors';
import { ApiError } from '../http.ts';
import { currentLanguage } from '../i18n.ts';
import { useFieldErrors } from './use-field-errors.ts';
import { serverFieldErrors, validateWith } from './zod-form.ts';

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
 * server's field errors land on their fields, a stale version says so and offers to reload. An
 * error goes as soon as its field is changed; closing with unsaved input asks first.
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
  const [modal, modalHost] = Modal.useModal();
  const [saving, setSaving] = useState(false);
  const { problem, setProblem, show, onFieldsChange } = useFieldErrors(form);
  // The values as opened, to tell real input from a touch that changed nothing.
  const opened = useRef('');

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(initialValues);
    opened.current = JSON.stringify(form.getFieldsValue(true));
  }, [open, initialValues, form]);
  const close = () => {
    setProblem(null);
    onClose();
  };
  const dirty = () => form.isFieldsTouched() && JSON.stringify(form.getFieldsValue(true)) !== opened.current;
  // Cancel, the close button, Escape and a click on the mask all come here.
  const requestClose = () => {
    if (saving) return;
    if (!dirty()) return close();
    modal.confirm({
      title: t('form.discardTitle'),
      content: t('form.discardText'),
      okText: t('form.discard'),
      okButtonProps: { danger: true },
      cancelText: t('form.keepEditing'),
      onOk: close,
    });
  };

  const submit = async () => {
    const values = { ...initialValues, ...form.getFieldsValue(true) };
    const checked = validateWith(schema, values, currentLanguage());
    if (!checked.ok) return show(checked.errors);
    setSaving(true);
    setProblem(null);
    try {
      await onSubmit(checked.data);
      close();
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields) show(fields);
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
      onClose={requestClose}
      destroyOnHidden
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={requestClose}>{t('action.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => void submit()}>
            {t('action.save')}
          </Button>
        </Flex>
      }
    >
      {modalHost}
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBlockEnd: 16 }} />}
      <Form
        form={form}
        layout="vertical"
        onFinish={() => void submit()}
        onFieldsChange={onFieldsChange}
        requiredMark
      >
        {children}
      </Form>
    </Drawer>
  );
}

interface EditDrawerProps<TCreate, TUpdate> {
  /** The row being edited, `'new'` while creating, null while closed. */
  editing: object | 'new' | null;
  /** The values a new row starts from. */
  newItem: Record<string, unknown>;
  schemas: { create: ZodType<TCreate>; update: ZodType<TUpdate> };
  titles: { create: ReactNode; edit: ReactNode };
  onSubmit: (data: TCreate | TUpdate) => Promise<unknown>;
  onClose: () => void;
  children: ReactNode;
  width?: number;
}

/** The FormDrawer of a list's create and edit: the create schema for a new row, the update one for a row. */
export function EditDrawer<TCreate, TUpdate>({
  editing,
  newItem,
  schemas,
  titles,
  ...drawer
}: EditDrawerProps<TCreate, TUpdate>) {
  const creating = editing === 'new' || editing === null;
  return (
    <FormDrawer<TCreate | TUpdate>
      open={editing !== null}
      title={editing === 'new' ? titles.create : titles.edit}
      initialValues={creating ? newItem : (editing as Record<string, unknown>)}
      schema={editing === 'new' ? schemas.create : schemas.update}
      {...drawer}
    />
  );
}
