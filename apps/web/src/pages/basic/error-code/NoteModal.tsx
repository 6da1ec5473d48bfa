import { useState, type ReactNode } from 'react';
import { Alert, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AppModal, useModalSend } from '@/shared/ui/index.ts';

interface NoteModalProps {
  open: boolean;
  title: ReactNode;
  /** What happens when confirmed, in a sentence. */
  description: ReactNode;
  okText: string;
  danger?: boolean;
  onSubmit: (note: string) => Promise<unknown>;
  onClose: () => void;
}

/** Confirms a publish or a rollback with a note kept in the release history. */
export function NoteModal({ open, title, description, okText, danger, onSubmit, onClose }: NoteModalProps) {
  const { t } = useTranslation('errorCodes');
  const [note, setNote] = useState('');
  const { busy, problem, close, send } = useModalSend(onClose, () => setNote(''));
  const submit = () =>
    send(async () => {
      await onSubmit(note.trim());
    });
  return (
    <AppModal
      open={open}
      title={title}
      okText={okText}
      okButtonProps={{ danger, loading: busy }}
      onOk={() => void submit()}
      onCancel={close}
      destroyOnHidden
    >
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBlockEnd: 12 }} />}
      <Typography.Paragraph>{description}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={t('note')} extra={t('noteHint')}>
          <Input.TextArea
            id="release-note"
            value={note}
            maxLength={200}
            showCount
            autoSize={{ minRows: 2, maxRows: 4 }}
            onChange={(e) => setNote(e.target.value)}
          />
        </Form.Item>
      </Form>
    </AppModal>
  );
}
