import { useEffect } from 'react';
import { Form, Input } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { testPlansResource, type TestCase, type TestPlan } from '@rx/contracts/testing';
import { useMessage } from '@/shared/feedback.tsx';
import { http } from '@/shared/http.ts';
import { AppModal, useModalSend } from '@/shared/ui/index.ts';
import { ModalProblem } from '@/shared/ui/ModalProblem.tsx';

const RESOURCE = testPlansResource.name;

interface Values {
  title: string;
  steps: string;
  expected: string;
}

/** Adds a case to a plan, or edits one (with its version): what to do and what should happen. */
export function CaseModal({
  plan,
  editing,
  onClose,
}: {
  plan: TestPlan;
  editing: TestCase | 'new' | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('testing');
  const message = useMessage();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const { busy, problem, close, send } = useModalSend(onClose);
  useEffect(() => {
    if (editing === null) return;
    form.setFieldsValue(
      editing === 'new'
        ? { title: '', steps: '', expected: '' }
        : { title: editing.title, steps: editing.steps, expected: editing.expected },
    );
  }, [editing, form]);
  const submit = async (values: Values) => {
    await send(async () => {
      if (editing === 'new') await http.post(`/${RESOURCE}/${plan.id}/cases`, values, { silent: true });
      else if (editing)
        await http.put(
          `/${RESOURCE}/${plan.id}/cases/${editing.id}`,
          { ...values, version: editing.version },
          { silent: true },
        );
      void message.success(t('crud:action.saved'));
      void client.invalidateQueries({ queryKey: [RESOURCE] });
    });
  };
  return (
    <AppModal
      open={editing !== null}
      title={editing === 'new' ? t('addCase') : t('editCase')}
      okText={t('crud:action.save')}
      okButtonProps={{ loading: busy }}
      onOk={() => form.submit()}
      onCancel={close}
      forceRender
    >
      <ModalProblem problem={problem} />
      <Form form={form} name="case" layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item
          name="title"
          label={t('caseTitle')}
          rules={[{ required: true, message: t('caseTitleRequired') }]}
        >
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="steps" label={t('steps')} extra={t('stepsHint')}>
          <Input.TextArea maxLength={4000} autoSize={{ minRows: 3, maxRows: 8 }} />
        </Form.Item>
        <Form.Item name="expected" label={t('expected')}>
          <Input.TextArea maxLength={2000} autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
      </Form>
    </AppModal>
  );
}
