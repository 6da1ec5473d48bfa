import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http } from '@/shared/http.ts';

interface Group {
  id: number;
  name: string;
  label: string;
  member_count?: number | null;
}

/**
 * The user groups a mail goes to (a form control of group ids): the product's groups by name.
 * Without the user-groups page's permission the list cannot be read; the ids already chosen stay.
 */
export function GroupSelect({
  value,
  onChange,
  id,
}: {
  value?: number[];
  onChange?: (ids: number[]) => void;
  id?: string;
}) {
  const { t } = useTranslation('mail');
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
      placeholder={groups.isError ? t('groupsUnavailable') : t('pickGroups')}
    />
  );
}
