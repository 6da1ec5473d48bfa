import { useState, type ReactNode } from 'react';
import { Flex, Select, type SelectProps } from 'antd';

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
  return { filter, page, filterBy, pagination };
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
