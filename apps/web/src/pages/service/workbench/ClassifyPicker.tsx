import { TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedbackTypeOptions } from './feedback-types.ts';

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
  const types = useFeedbackTypeOptions();
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
      treeData={types}
      onChange={(value) => props.onChange(value ?? null)}
    />
  );
}
