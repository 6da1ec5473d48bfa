import { useQuery } from '@tanstack/react-query';
import type { UserGroup, UserGroupLayerCount } from '@rx/contracts/user-groups';
import { useProduct } from '@/app/product/index.ts';
import { http } from '@/shared/http.ts';

export const GROUPS = 'user-groups';

/** The group of the address (its name). */
export function useGroupByKey(key: string | undefined) {
  const productId = useProduct((s) => s.productId);
  return useQuery({
    queryKey: [GROUPS, 'by-key', productId, key],
    queryFn: () => http.get<UserGroup>(`/${GROUPS}/by-key/${encodeURIComponent(key ?? '')}`),
    enabled: !!productId && !!key,
  });
}

export function useLayers(id: number | undefined) {
  const productId = useProduct((s) => s.productId);
  return useQuery({
    queryKey: [GROUPS, 'layers', productId, id],
    queryFn: () => http.get<{ group: UserGroup; layers: UserGroupLayerCount[] }>(`/${GROUPS}/${id}/layers`),
    enabled: !!productId && !!id,
  });
}
