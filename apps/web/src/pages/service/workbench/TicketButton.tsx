import { useId, useState } from 'react';
import { Alert, Button, Form, Input, Modal, Radio, Tag, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { CS_TEXT_MAX, type CsPlayerContext, type CsTicketResult } from '@rx/contracts/cs';
import { useMessage } from '@/shared/feedback.tsx';
import { ApiError, http } from '@/shared/http.ts';
import { useFeedbackTypeOptions } from './feedback-types.ts';

type Values = { feedback_type_id?: number; kind: 'product' | 'player'; summary: string };

/**
 * Turns the conversation into a ticket (once): the agent picks the feedback type and the queue
 * (product or player feedback) and may write a summary; the ticket carries the player and the
 * transcript. Once made, the ticket's number and state show instead of the button.
 */
export function TicketButton(props: {
  conversationId: number;
  ticket: CsPlayerContext['ticket'];
  onCreated: () => void;
}) {
  const { t } = useTranslation(['cs', 'tickets']);
  const message = useMessage();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [form] = Form.useForm<Values>();
  const id = useId();

  const types = useFeedbackTypeOptions(open);

  if (props.ticket)
    return (
      <Tag color="blue" data-testid="cs-ticket-made">
        {t('ticketMade', { id: props.ticket.id })} ·{' '}
        {t(`tickets:states.${props.ticket.state}`, { defaultValue: props.ticket.state })}
      </Tag>
    );

  const submit = async (values: Values) => {
    setBusy(true);
    setProblem(null);
    try {
      const made = await http.post<CsTicketResult>(
        `/cs/conversations/${props.conversationId}/ticket`,
        values,
        { silent: true },
      );
      void message.success(t('ticketCreated', { id: made.ticket_id }));
      setOpen(false);
      form.resetFields();
      props.onCreated();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setProblem(error.msg);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button size="small" data-testid="cs-to-ticket" onClick={() => setOpen(true)}>
        {t('toTicket')}
      </Button>
      <Modal
        open={open}
        title={t('toTicketTitle')}
        okText={t('toTicketOk')}
        confirmLoading={busy}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        {problem && <Alert type="error" showIcon message={problem} style={{ marginBottom: 12 }} />}
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={{ kind: 'product', summary: '' }}
          onFinish={(values) => void submit(values)}
        >
          <Form.Item
            name="feedback_type_id"
            htmlFor={`${id}-type`}
            label={t('ticketType')}
            rules={[{ required: true, message: t('ticketTypeRequired') }]}
          >
            <TreeSelect<number>
              id={`${id}-type`}
              data-testid="cs-ticket-type"
              showSearch
              treeNodeFilterProp="title"
              treeDefaultExpandAll
              treeData={types}
            />
          </Form.Item>
          <Form.Item name="kind" label={t('ticketKind')}>
            <Radio.Group
              aria-label={t('ticketKind')}
              options={(['product', 'player'] as const).map((k) => ({
                value: k,
                label: t(`tickets:kinds.${k}`),
              }))}
            />
          </Form.Item>
          <Form.Item
            name="summary"
            htmlFor={`${id}-summary`}
            label={t('ticketSummary')}
            extra={t('ticketSummaryHint')}
          >
            <Input.TextArea id={`${id}-summary`} rows={3} maxLength={CS_TEXT_MAX} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
