import { useState } from 'react';

/**
 * A table's page kept in the component (not in the address): `page` to ask the server for, and
 * `pagination(total)`, the table's pager that moves it.
 */
export function useLocalPage(pageSize = 10) {
  const [page, setPage] = useState({ page: 1, page_size: pageSize });
  const pagination = (total: number | undefined) => ({
    current: page.page,
    pageSize: page.page_size,
    total: total ?? 0,
    onChange: (current: number, size: number) => setPage({ page: current, page_size: size }),
  });
  return { page, setPage, pagination };
}
