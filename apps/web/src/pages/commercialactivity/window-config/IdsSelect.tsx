import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useProduct } from '@/app/product/index.ts';
import { http } from '@/shared/http.ts';

/**
 * A form control of row ids picked from a list endpoint of the product (`/popup-scenes`,
 * `/profile-tags`): the first 100 rows by their label; ids already chosen that the list does not
 * hold stay, shown by number.
 */
export function IdsSelect<T extends { id: number }>({
  path,
  filters,
  label,
  value,
  onChange,
  id,
  placeholder,
  unavailable,
  max,
  'aria-label': ariaLabel,
}: {
  path: string;
  filters?: Record<string, string>;
  label: (row: T) => string;
  value?: number[];
  onChange?: (ids: number[]) => void;
  id?: string;
  placeholder: string;
  unavailable: string;
  max: number;
  'aria-label'?: string;
}) {
  const productId = useProduct((s) => s.productId);
  const rows = useQuery({
    queryKey: [path, 'choices', productId, filters],
    queryFn: () => http.get<{ list: T[] }>(`/${path}`, { page_size: 100, ...filters }, { silent: true }),
    retry: false,
    enabled: !!productId,
  });
  const known = new Set((rows.data?.list ?? []).map((row) => row.id));
  const options = [
    ...(rows.data?.list ?? []).map((row) => ({ value: row.id, label: label(row) })),
    ...(value ?? []).filter((v) => !known.has(v)).map((v) => ({ value: v, label: `#${v}` })),
  ];
  return (
    <Select
      id={id}
      aria-label={ariaLabel}
      mode="multiple"
      allowClear
      value={value ?? []}
      onChange={(ids: number[]) => onChange?.(ids)}
      options={options}
      loading={rows.isLoading}
      optionFilterProp="label"
      maxCount={max}
      placeholder={rows.isError ? unavailable : placeholder}
    />
  );
}
