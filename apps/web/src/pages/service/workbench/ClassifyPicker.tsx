import { useEffect, useState } from 'react';
import { TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { textFor } from '@rx/contracts/required-language';
import type { FeedbackTypeNode } from '@rx/contracts/feedback-types';
import { http } from '@/shared/http.ts';
import { useLocale } from '@/shared/i18n.ts';

type Option = { value: number; title: string; children: Option[] };
const optionsOf = (nodes: FeedbackTypeNode[], lang: Parameters<typeof textFor>[1]): Option[] =>
  nodes.map((n) => ({ value: n.id, title: textFor(n.name, lang), children: optionsOf(n.children, lang) }));

/**
 * Files the conversation under a feedback type of the game (the tree of enabled types; cleared:
 * none), for the classification statistics. `onChange` saves and reloads the conversation.
 */
export function ClassifyPicker(props: {
  value: number | null;
  disabled: boolean;
  onChange: (typeId: number | null) => void;
}) {
  const { t } = useTranslation('cs');
  const lang = useLocale((s) => s.language);
  const [tree, setTree] = useState<FeedbackTypeNode[]>([]);
  useEffect(() => {
    let live = true;
    http
      .get<{ list: FeedbackTypeNode[] }>('/cs/feedback-types', undefined, { silent: true })
      .then((answer) => live && setTree(answer.list))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return (
    <TreeSelect<number>
      size="small"
      aria-label={t('classify')}
      placeholder={t('classify')}
      data-testid="cs-classify"
      style={{ minWidth: 150 }}
      popupMatchSelectWidth={false}
      allowClear
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      disabled={props.disabled}
      value={props.value ?? undefined}
      treeData={optionsOf(tree, lang)}
      onChange={(value) => props.onChange(value ?? null)}
    />
  );
}
