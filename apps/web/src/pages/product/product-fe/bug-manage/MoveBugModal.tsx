import { useEffect } from 'react';
import { Form, Input, InputNumber, Select, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  BUG_RESOLUTIONS,
  bugsResource,
  type Bug,
  type BugAction,
  type BugResolution,
} from '@rx/contracts/bugs';
import { enumOptions } from '@/shared/crud/index.ts';
import { useMessage } from '@/shared/feedback.tsx';
import { http } from '@/shared/http.ts';
import { VersionSelect } from '@/shared/release/pickers.tsx';
import { AppModal, useModalSend } from '@/shared/ui/index.ts';
import { ModalProblem } from '@/shared/ui/ModalProblem.tsx';

const RESOURCE = bugsResource.name;

interface Values {
  resolution?: BugResolution;
  duplicate_of?: number | null;
  fixed_release_id?: number | null;
  note?: string;
}

/** Resolves (how, and a duplicate's original), closes or reopens a bug, with a note kept in its thread. */
export function MoveBugModal({
  move,
  onClose,
}: {
  move: { action: BugAction; bug: Bug } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('bugs');
  const message = useMessage();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const resolution = Form.useWatch('resolution', form);
  const { busy, problem, close, send } = useModalSend(onClose);
  useEffect(() => {
    if (!move) return;
    form.setFieldsValue({
      resolution: 'fixed',
      duplicate_of: null,
      fixed_release_id: move.bug.fixed_release_id,
      note: '',
    });
  }, [move, form]);
  const submit = async (values: Values) => {
    if (!move) return;
    const { bug, action } = move;
    await send(async () => {
      const body =
        action === 'resolve'
          ? {
              version: bug.version,
              resolution: values.resolution,
              duplicate_of: values.resolution === 'duplicate' ? (values.duplicate_of ?? null) : null,
              fixed_release_id: values.fixed_release_id ?? null,
              note: values.note?.trim() ?? '',
            }
          : { version: bug.version, note: values.note?.trim() ?? '' };
      await http.post(`/${RESOURCE}/${bug.id}/${action}`, body, { silent: true });
      void message.success(t(`done.${action}`, { id: bug.id }));
      void client.invalidateQueries({ queryKey: [RESOURCE] });
    });
  };
  return (
    <AppModal
      open={move !== null}
      title={move ? t(`confirm.${move.action}`, { id: move.bug.id, title: move.bug.title }) : ''}
      okText={move ? t(`actions.${move.action}`) : ''}
      okButtonProps={{ loading: busy }}
      onOk={() => form.submit()}
      onCancel={close}
      forceRender
    >
      <ModalProblem problem={problem} testId="bug-move-problem" />
      {move?.action === 'reopen' && <Typography.Paragraph>{t('reopenHint')}</Typography.Paragraph>}
      <Form form={form} name="bugMove" layout="vertical" onFinish={(v) => void submit(v)}>
        {move?.action === 'resolve' && (
          <>
            <Form.Item name="resolution" label={t('resolution')} required>
              <Select options={enumOptions(t, BUG_RESOLUTIONS, 'resolutions')} />
            </Form.Item>
            {resolution === 'duplicate' && (
              <Form.Item name="duplicate_of" label={t('duplicateOf')} extra={t('duplicateHint')}>
                <InputNumber min={1} precision={0} style={{ width: 200 }} prefix="#" />
              </Form.Item>
            )}
            <Form.Item name="fixed_release_id" label={t('fixedVersion')}>
              <VersionSelect allowClear />
            </Form.Item>
          </>
        )}
        <Form.Item name="note" label={t('note')}>
          <Input.TextArea maxLength={2000} autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
      </Form>
    </AppModal>
  );
}
