import { useState } from 'react';
import { Form, Input, InputNumber, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { appReleasesResource, type AppRelease } from '@rx/contracts/releases';
import { useMessage } from '@/shared/feedback.tsx';
import { http } from '@/shared/http.ts';
import { AppModal, useModalSend } from '@/shared/ui/index.ts';
import { ModalProblem } from '@/shared/ui/ModalProblem.tsx';

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
  const release = move?.release;
  // The lowest share allowed (0 %: the whitelist only) and the one offered (1 % for a first publish).
  const floor = release?.rollout_percent ?? 0;
  const value = percent ?? Math.max(1, floor);
  const { busy, problem, close, send } = useModalSend(onClose, () => {
    setPercent(null);
    setNote('');
  });
  const submit = async () => {
    if (!move || !release) return;
    await send(async () => {
      const body =
        move.action === 'publish'
          ? { version: release.version, percent: value, note: note.trim() }
          : { version: release.version, note: note.trim() };
      await http.post(`/${RESOURCE}/${release.id}/${move.action}`, body, { silent: true });
      void message.success(t(`done.${move.action}`, { percent: value }));
      void client.invalidateQueries({ queryKey: [RESOURCE] });
    });
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
      <ModalProblem problem={problem} testId="move-problem" />
      {move && <Typography.Paragraph>{t(`confirm.${move.action}`)}</Typography.Paragraph>}
      <Form layout="vertical">
        {move?.action === 'publish' && (
          <Form.Item
            label={t('percent')}
            htmlFor="publish-percent"
            extra={`${t('percentHint', { percent: floor })} ${t('whitelistOnlyHint')}`}
          >
            <InputNumber
              id="publish-percent"
              min={0}
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
