import { useCallback, useMemo, type CSSProperties } from 'react';
import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { Channel } from '@rx/contracts/channels';
import { MAX_PAGE_SIZE } from '@rx/contracts/lists';
import { resourceKey, type ListAnswer } from '@/shared/crud/index.ts';
import { http } from '@/shared/http.ts';

/** The chosen game's channels (a game has a handful): options for pickers and names for lists. */
export function useChannels() {
  const query = useQuery({
    queryKey: resourceKey('channels', 'all'),
    queryFn: ({ signal }) =>
      http.get<ListAnswer<Channel>>('/channels', { page_size: MAX_PAGE_SIZE, sort: 'id' }, { signal }),
    staleTime: 60_000,
  });
  return useMemo(() => {
    const list = query.data?.list ?? [];
    return { list, names: new Map(list.map((c) => [c.id, c.name] as const)), loading: query.isLoading };
  }, [query.data, query.isLoading]);
}

/** A channel's name for a list cell; null (content shared by every channel) reads `allLabel`. */
export function useChannelLabel(allLabel: string) {
  const { names } = useChannels();
  return useCallback(
    (id: number | null) => (id === null ? allLabel : (names.get(id) ?? `#${id}`)),
    [names, allLabel],
  );
}

interface ChannelSelectProps {
  value?: number | null;
  onChange?: (value: number | null) => void;
  /** The label of "every channel" (null); without it, a channel must be chosen. */
  allLabel?: string;
  disabled?: boolean;
  id?: string;
  style?: CSSProperties;
  'aria-label'?: string;
}

/** Picks a channel of the game, or "every channel" (null). A form control for antd Form.Item. */
export function ChannelSelect({
  value,
  onChange,
  allLabel,
  disabled,
  id,
  style,
  'aria-label': ariaLabel,
}: ChannelSelectProps) {
  const { list, loading } = useChannels();
  const allowAll = allLabel !== undefined;
  // Select cannot hold null as a value: 0 stands for "every channel" inside the control.
  const options = [
    ...(allowAll ? [{ value: 0, label: allLabel }] : []),
    ...list.map((c) => ({ value: c.id, label: `${c.name} (${c.code})` })),
  ];
  return (
    <Select<number>
      id={id}
      aria-label={ariaLabel}
      loading={loading}
      disabled={disabled}
      options={options}
      value={value ?? (allowAll ? 0 : undefined)}
      onChange={(next) => onChange?.(next ? next : null)}
      style={{ width: '100%', ...style }}
      popupMatchSelectWidth={false}
    />
  );
}
