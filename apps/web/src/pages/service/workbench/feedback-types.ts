import { useEffect, useState } from 'react';
import type { FeedbackTypeNode } from '@rx/contracts/feedback-types';
import { textFor } from '@rx/contracts/required-language';
import { http } from '@/shared/http.ts';
import { useLocale } from '@/shared/i18n.ts';

type Option = { value: number; title: string; children: Option[] };
const optionsOf = (nodes: FeedbackTypeNode[], lang: Parameters<typeof textFor>[1]): Option[] =>
  nodes.map((n) => ({ value: n.id, title: textFor(n.name, lang), children: optionsOf(n.children, lang) }));

/**
 * The game's feedback types (its tree of enabled types) as a TreeSelect's options named in the
 * console's language, read quietly once `enabled` (again each time it turns on); none on a failure.
 */
export function useFeedbackTypeOptions(enabled = true): Option[] {
  const lang = useLocale((s) => s.language);
  const [tree, setTree] = useState<FeedbackTypeNode[]>([]);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    http
      .get<{ list: FeedbackTypeNode[] }>('/cs/feedback-types', undefined, { silent: true })
      .then((answer) => live && setTree(answer.list))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [enabled]);
  return optionsOf(tree, lang);
}
