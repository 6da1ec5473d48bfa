import { useState } from 'react';
import { Form, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { helpArticlesResource, type HelpArticle } from '@rx/contracts/help-center';
import { http } from '@/shared/http.ts';
import { AppModal, useModalSend } from '@/shared/ui/index.ts';
import { useChannels } from '../shared/channels.tsx';
import { ModalProblem } from '@/shared/ui/ModalProblem.tsx';

interface CopyModalProps {
  article: HelpArticle | null;
  onCopied: (count: number) => void;
  onClose: () => void;
}

/** Copies an article (every language, as drafts) to other channels. */
export function CopyModal({ article, onCopied, onClose }: CopyModalProps) {
  const { t } = useTranslation('help');
  const { list } = useChannels();
  const [chosen, setChosen] = useState<number[]>([]);
  const { busy, problem, close, send } = useModalSend(onClose, () => setChosen([]));
  const copy = async () => {
    if (!article) return;
    await send(async () => {
      await http.post(
        `/${helpArticlesResource.name}/${article.id}/copy`,
        { channel_ids: chosen },
        { silent: true },
      );
      onCopied(chosen.length);
    });
  };
  return (
    <AppModal
      open={article !== null}
      title={t('copyTitle', { title: article?.title ?? '' })}
      okText={t('copy')}
      okButtonProps={{ disabled: chosen.length === 0, loading: busy }}
      onOk={() => void copy()}
      onCancel={close}
      destroyOnHidden
    >
      <ModalProblem problem={problem} />
      <Typography.Paragraph type="secondary">{t('copyHint')}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={t('copyTo')}>
          <Select<number[]>
            id="copy-channels"
            mode="multiple"
            value={chosen}
            onChange={setChosen}
            options={list
              .filter((c) => c.id !== article?.channel_id)
              .map((c) => ({ value: c.id, label: `${c.name} (${c.code})` }))}
          />
        </Form.Item>
      </Form>
    </AppModal>
  );
}
