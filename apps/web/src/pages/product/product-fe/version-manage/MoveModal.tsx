import { useState } from 'react';
import { Alert, Form, Input, InputNumber, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { appReleasesResource, type AppRelease } from '@rx/contracts/releases';
import { useMessage } from '@/shared/feedback.tsx';
import { ApiError, http } from '@/shared/http.ts';
import { AppModal } from '@/shared/ui/index.ts';

const RESOURCE = appReleasesResource.name;

export type Move = 'publish' | 'halt' | 'resume';

interface Props {
  move: { action: Move; release: AppRelease } | null;
  onClose: () => void;
}

/**
 * Publishes a version to a percentage of devices (never below its last one), or halts or resumes
 * its rollout, with a note kept in the publish history. The server's answer (a percentage that
 * would fall, a stale row) shows in the dialog.
 */
export function MoveModal({ move, onClose }: Props) {
  const { t } = useTranslation('releases');
  const message = useMessage();
  const client = useQueryClient();
  const [percent, setPercent] = useState<number | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const release = move?.release;
  const floor = Math.max(1, release?.rollout_percent ?? 1);
  const value = percent ?? floor;
  const close = () => {
    setPercent(null);
    setNote('');
    setProblem(null);
    onClose();
  };
  const submit = async () => {
    if (!move || !release) return;
    setBusy(true);
    setProblem(null);
    try {
      const body =
        move.action === 'publish'
          ? { version: release.version, percent: value, note: note.trim() }
          : { version: release.version, note: note.trim() };
      await http.post(`/${RESOURCE}/${release.id}/${move.action}`, body, { silent: true });
      void message.success(t(`done.${move.action}`, { percent: value }));
      void client.invalidateQueries({ queryKey: [RESOURCE] });
      close();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const fields = (error.data as { fields?: Record<string, string> } | null)?.fields;
      setProblem(fields ? Object.values(fields).join(' ') : error.msg);
    } finally {
      setBusy(false);
    }
  };
  const name = release ? `${release.version_name} (${release.version_code})` : '';
  return (
    <AppModal
      open={move !== null}
      title={move ? t(`confirm.${move.action}Title`, { name }) : ''}
      okText={move ? t(`actions.${move.action}`) : ''}
      okButtonProps={{ danger: move?.action === 'halt', loading: busy }}
      onOk={() => void submit()}
      onCancel={close}
      destroyOnHidden
    >
      {problem && (
        <Alert
          type="error"
          showIcon
          title={problem}
          style={{ marginBlockEnd: 12 }}
          data-testid="move-problem"
        />
      )}
      {move && <Typography.Paragraph>{t(`confirm.${move.action}`)}</Typography.Paragraph>}
      <Form layout="vertical">
        {move?.action === 'publish' && (
          <Form.Item
            label={t('percent')}
            htmlFor="publish-percent"
            extra={t('percentHint', { percent: floor })}
          >
            <InputNumber
              id="publish-percent"
              min={1}
              max={100}
              precision={0}
              value={value}
              onChange={(v) => setPercent(v)}
              addonAfter="%"
              style={{ width: 160 }}
            />
          </Form.Item>
        )}
        <Form.Item label={t('note')} htmlFor="move-note">
          <Input.TextArea
            id="move-note"
            value={note}
            maxLength={500}
            onChange={(e) => setNote(e.target.value)}
            autoSize={{ minRows: 2, maxRows: 4 }}
          />
        </Form.Item>
      </Form>
    </AppModal>
  );
}
