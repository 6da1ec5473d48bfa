import { useState, type ReactNode } from 'react';
import { Button, Card, Flex, Input, Select, type SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A list filtered by a few fields and paged in the page's own state (not in the address): choosing
 * another value of a filter goes back to the first page. `pagination(total)` is the table's paging.
 */
export function useFilteredPages<F extends object>(initial: F, pageSize = 20) {
  const [filter, setFilter] = useState<F>(initial);
  const [page, setPage] = useState({ page: 1, page_size: pageSize });
  const filterBy = <K extends keyof F>(name: K, value: F[K]) => {
    setFilter((f) => ({ ...f, [name]: value }));
    setPage((p) => ({ ...p, page: 1 }));
  };
  const pagination = (total: number | undefined) => ({
    current: page.page,
    pageSize: page.page_size,
    total: total ?? 0,
    showSizeChanger: true,
    onChange: (current: number, size: number) => setPage({ page: current, page_size: size }),
  });
  /** The table's rows, loading state and paging from the list's query. */
  const table = <T,>(query: { isFetching: boolean; data?: { list: T[]; total: number } }) => ({
    loading: query.isFetching,
    dataSource: query.data?.list ?? [],
    pagination: pagination(query.data?.total),
  });
  return { filter, page, filterBy, pagination, table };
}

/** A list's filters in a row, in a card above its table. */
export function FilterBar({ children }: { children: ReactNode }) {
  return (
    <Card size="small" style={{ marginBlockEnd: 16 }}>
      <Flex gap={12} wrap align="center">
        {children}
      </Flex>
    </Card>
  );
}

/** A text filter applied by its search button or Enter, trimmed (empty clears it). */
export function TextFilter(props: {
  label: string;
  width: number;
  onSearch: (text: string | undefined) => void;
}) {
  const { t } = useTranslation('crud');
  const [text, setText] = useState('');
  const search = () => props.onSearch(text.trim() || undefined);
  return (
    <>
      <Input
        aria-label={props.label}
        placeholder={props.label}
        style={{ width: props.width }}
        maxLength={64}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onPressEnter={search}
      />
      <Button type="primary" onClick={search}>
        {t('crud:search.search')}
      </Button>
    </>
  );
}

/** A filter's select after its label, which names it for assistive technology. */
export function LabelledSelect<V>({
  id,
  label,
  ...select
}: SelectProps<V> & { id: string; label: ReactNode }) {
  return (
    <label htmlFor={id}>
      <Flex gap={8} align="center">
        {label}
        <Select<V> id={id} {...select} />
      </Flex>
    </label>
  );
}
