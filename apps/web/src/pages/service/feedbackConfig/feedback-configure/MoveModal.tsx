import { useState } from 'react';
import { Alert, Form, TreeSelect, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FeedbackTypeNode } from '@rx/contracts/feedback-types';
import { ApiError } from '@/shared/http.ts';
import { AppModal } from '@/shared/ui/index.ts';
import { parentOptions, subtreeIds } from './tree-helpers.ts';

interface MoveModalProps {
  node: FeedbackTypeNode | null;
  tree: FeedbackTypeNode[];
  label: (node: FeedbackTypeNode) => string;
  /** Saves the new parent (null: top level). */
  onMove: (node: FeedbackTypeNode, parentId: number | null) => Promise<unknown>;
  onClose: () => void;
}

/** Moves a type under another parent; the type itself and its descendants are not offered. */
export function MoveModal({ node, tree, label, onMove, onClose }: MoveModalProps) {
  const { t } = useTranslation('feedbackTypes');
  const [parent, setParent] = useState<number | null | undefined>(undefined);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const chosen = parent === undefined ? (node?.parent_id ?? null) : parent;

  const close = () => {
    setParent(undefined);
    setProblem(null);
    onClose();
  };
  const save = async () => {
    if (!node) return;
    setSaving(true);
    setProblem(null);
    try {
      await onMove(node, chosen);
      close();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setProblem(error.msg);
    } finally {
      setSaving(false);
    }
  };

  return (
    <AppModal
      open={node !== null}
      title={node ? t('moveTitle', { name: label(node) }) : ''}
      okText={t('move')}
      okButtonProps={{ loading: saving, disabled: chosen === (node?.parent_id ?? null) }}
      onOk={() => void save()}
      onCancel={close}
      destroyOnHidden
    >
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBlockEnd: 12 }} />}
      <Typography.Paragraph type="secondary">{t('moveHint')}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={t('moveTo')}>
          <TreeSelect
            id="move-parent"
            allowClear
            // A game keeps many types: staff find the new parent by typing part of its name or code.
            showSearch
            treeNodeFilterProp="title"
            treeDefaultExpandAll
            placeholder={t('topLevel')}
            treeData={node ? parentOptions(tree, label, subtreeIds(node)) : []}
            value={chosen ?? undefined}
            onChange={(value?: number) => setParent(value ?? null)}
          />
        </Form.Item>
      </Form>
    </AppModal>
  );
}
