import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { http } from '@/shared/http.ts';

interface Group {
  id: number;
  name: string;
  label: string;
  member_count?: number | null;
}

/**
 * The user groups a notice or a mail targets (a form control of group ids): the product's groups
 * by name; the placeholders are the caller's (empty, and when the groups cannot be read).
 * Without the user-groups page's permission the list cannot be read; the ids already chosen stay.
 */
export function GroupSelect({
  value,
  onChange,
  id,
  placeholder,
  unavailable,
}: {
  value?: number[];
  onChange?: (ids: number[]) => void;
  id?: string;
  placeholder: string;
  unavailable: string;
}) {
  const groups = useQuery({
    queryKey: ['user-groups', 'choices'],
    queryFn: () => http.get<{ list: Group[] }>('/user-groups', { page_size: 100 }, { silent: true }),
    retry: false,
  });
  const known = new Map((groups.data?.list ?? []).map((g) => [g.id, g]));
  const options = [
    ...(groups.data?.list ?? []).map((g) => ({
      value: g.id,
      label: g.member_count == null ? g.label || g.name : `${g.label || g.name} (${g.member_count})`,
    })),
    ...(value ?? []).filter((v) => !known.has(v)).map((v) => ({ value: v, label: `#${v}` })),
  ];
  return (
    <Select
      id={id}
      mode="multiple"
      allowClear
      value={value ?? []}
      onChange={(ids: number[]) => onChange?.(ids)}
      options={options}
      loading={groups.isLoading}
      optionFilterProp="label"
      maxCount={20}
      placeholder={groups.isError ? unavailable : placeholder}
    />
  );
}
