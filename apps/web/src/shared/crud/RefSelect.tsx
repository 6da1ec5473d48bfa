import { useEffect, useMemo, useState, type CSSProperties } from 'react';
import { Select } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../http.ts';
import { resourceKey, useResourceItem, type ListAnswer } from './resource.ts';

interface Row {
  id: number;
}

export interface RefSelectProps<T extends Row> {
  /** The API resource searched (`/props?q=…`). */
  resource: string;
  /** Fixed filters of the search, e.g. only active rows. */
  filters?: Record<string, string>;
  label: (row: T) => string;
  value?: number | null;
  onChange?: (value: number | null) => void;
  allowClear?: boolean;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
  style?: CSSProperties;
  'aria-label'?: string;
}

const SEARCH_DELAY_MS = 250;
const OPTIONS = 20;

/**
 * A searchable picker of one row of a resource (a prop, a gift, a channel): it asks the server as
 * the user types, and loads the chosen row by id so its name shows even when it is not in the
 * current results. A form control (value/onChange) for antd Form.Item.
 */
export function RefSelect<T extends Row>({
  resource,
  filters,
  label,
  value,
  onChange,
  allowClear,
  placeholder,
  disabled,
  id,
  style,
  'aria-label': ariaLabel,
}: RefSelectProps<T>) {
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const found = useQuery({
    queryKey: resourceKey(resource, 'options', q, filters),
    queryFn: ({ signal }) =>
      http.get<ListAnswer<T>>(
        `/${resource}`,
        { ...filters, q: q || undefined, page_size: OPTIONS },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
  const chosen = useResourceItem<T>(resource, value ?? undefined);
  const options = useMemo(() => {
    const rows = found.data?.list ?? [];
    const current = chosen.data;
    const extra = current && !rows.some((r) => r.id === current.id) ? [current] : [];
    return [...extra, ...rows].map((row) => ({ value: row.id, label: label(row) }));
  }, [found.data, chosen.data, label]);

  return (
    <Select<number>
      id={id}
      aria-label={ariaLabel}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      allowClear={allowClear}
      disabled={disabled}
      placeholder={placeholder}
      loading={found.isFetching}
      notFoundContent={found.isFetching ? null : undefined}
      options={options}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next ?? null)}
      onOpenChange={(open) => {
        if (!open) setTyped('');
      }}
      style={{ width: '100%', ...style }}
      popupMatchSelectWidth={false}
    />
  );
}

/**
 * Names of a resource's rows by id, for showing references in a list (the first 100 rows; others
 * show as `#id`).
 */
export function useNames<T extends Row>(resource: string, label: (row: T) => string, enabled = true) {
  const all = useQuery({
    queryKey: resourceKey(resource, 'names'),
    queryFn: ({ signal }) => http.get<ListAnswer<T>>(`/${resource}`, { page_size: 100 }, { signal }),
    enabled,
  });
  return useMemo(
    () => new Map((all.data?.list ?? []).map((row) => [row.id, label(row)] as const)),
    [all.data, label],
  );
}
