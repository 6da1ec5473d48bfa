import { useEffect } from 'react';
import { Form, Input, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  MAX_EVIDENCE,
  testPlansResource,
  type TestCase,
  type TestPlan,
  type TestResult,
  type TestRun,
} from '@rx/contracts/testing';
import { useMessage } from '@/shared/feedback.tsx';
import { http } from '@/shared/http.ts';
import { AssigneeSelect } from '@/shared/release/pickers.tsx';
import { AppModal, useModalSend } from '@/shared/ui/index.ts';
import { ImagesField } from '@/shared/upload/ImagesField.tsx';
import { ModalProblem } from '@/shared/ui/ModalProblem.tsx';

const RESOURCE = testPlansResource.name;

interface Values {
  note: string;
  evidence: string[];
  assignee_id: number | null;
}

/** Records a run of a case: its result, a note and evidence images; a failure opens a bug for an assignee. */
export function RunModal({
  plan,
  run,
  onClose,
}: {
  plan: TestPlan;
  run: { testCase: TestCase; result: TestResult } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('testing');
  const message = useMessage();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const { busy, problem, close, send } = useModalSend(onClose);
  useEffect(() => {
    if (run === null) return;
    form.setFieldsValue({ note: '', evidence: [], assignee_id: null });
  }, [run, form]);
  const submit = async (values: Values) => {
    if (!run) return;
    await send(async () => {
      const saved = await http.post<TestRun>(
        `/${RESOURCE}/${plan.id}/runs`,
        {
          case_id: run.testCase.id,
          result: run.result,
          note: values.note?.trim() ?? '',
          evidence: (values.evidence ?? []).filter(Boolean),
          assignee_id: run.result === 'fail' ? (values.assignee_id ?? null) : null,
        },
        { silent: true },
      );
      void message.success(
        saved.bug_id
          ? t('doneFailed', { bug: saved.bug_id })
          : t('done', { result: t(`results.${run.result}`) }),
      );
      void client.invalidateQueries({ queryKey: [RESOURCE] });
      void client.invalidateQueries({ queryKey: ['bugs'] });
    });
  };
  return (
    <AppModal
      open={run !== null}
      title={run ? t(`runAs.${run.result}`, { title: run.testCase.title }) : ''}
      okText={run ? t(`runs.${run.result}`) : ''}
      okButtonProps={{ loading: busy, danger: run?.result === 'fail' }}
      onOk={() => form.submit()}
      onCancel={close}
      forceRender
    >
      <ModalProblem problem={problem} testId="run-problem" />
      {run?.result === 'fail' && <Typography.Paragraph>{t('failOpensBug')}</Typography.Paragraph>}
      <Form form={form} name="run" layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item name="note" label={t('runNote')}>
          <Input.TextArea maxLength={2000} autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
        <Form.Item name="evidence" label={t('evidence')} extra={t('evidenceHint', { max: MAX_EVIDENCE })}>
          <ImagesField max={MAX_EVIDENCE} label={(i) => t('evidenceN', { n: i + 1 })} testId="run-evidence" />
        </Form.Item>
        {run?.result === 'fail' && (
          <Form.Item name="assignee_id" label={t('assignee')} extra={t('assigneeHint')}>
            <AssigneeSelect />
          </Form.Item>
        )}
      </Form>
    </AppModal>
  );
}
