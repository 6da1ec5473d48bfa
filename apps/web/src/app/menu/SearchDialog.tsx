import type { KeyboardEvent, ReactNode, RefObject } from 'react';
import { Input, Modal, type InputProps, type InputRef } from 'antd';
import SearchOutlined from '@ant-design/icons/SearchOutlined';
import { moveHighlight } from './search.ts';

export interface SearchDialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** The search field: focused when the dialog has opened. */
  input: RefObject<InputRef | null>;
  query: string;
  onQuery: (query: string) => void;
  /** How many results the list shows, and which is highlighted. */
  count: number;
  current: number;
  onHighlight: (index: number) => void;
  /** Opens the result at this index (Enter). */
  onChoose: (index: number) => void;
  /** The results list's id is `<idPrefix>-results`, each result's `<idPrefix>-<index>`. */
  idPrefix: string;
  /** The field's own attributes (class, placeholder, label, length). */
  field: Omit<InputProps, 'value' | 'onChange' | 'onKeyDown'>;
  /** The results list and hints under the field. */
  children: ReactNode;
}

/**
 * A search dialog (menu search, global search): the field as a combobox over the results list;
 * ↑/↓ move the highlight round the list, Enter opens the highlighted result, Esc closes.
 */
export function SearchDialog({
  open,
  onClose,
  title,
  input,
  query,
  onQuery,
  count,
  current,
  onHighlight,
  onChoose,
  idPrefix,
  field,
  children,
}: SearchDialogProps) {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (count) onHighlight(moveHighlight(current, event.key === 'ArrowDown' ? 1 : -1, count));
    } else if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      onChoose(current);
    }
  };
  return (
    <Modal
      open={open}
      onCancel={onClose}
      afterOpenChange={(visible) => visible && input.current?.focus()}
      footer={null}
      closable={false}
      title={title}
      destroyOnHidden
    >
      <Input
        ref={input}
        autoFocus
        allowClear
        size="large"
        prefix={<SearchOutlined aria-hidden />}
        {...field}
        value={query}
        role="combobox"
        aria-expanded={count > 0}
        aria-controls={`${idPrefix}-results`}
        aria-activedescendant={count ? `${idPrefix}-${current}` : undefined}
        onChange={(event) => onQuery(event.target.value)}
        onKeyDown={onKeyDown}
      />
      {children}
    </Modal>
  );
}
