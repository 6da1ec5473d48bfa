import { useQuery } from '@tanstack/react-query';
import type { UserGroup } from '@rx/contracts/user-groups';
import { useProduct } from '@/app/product/index.ts';
import { http } from '@/shared/http.ts';

export const GROUPS = 'user-groups';

/** The group of the address (its uuid); followed while its members are computed. */
export function useGroupByKey(key: string | undefined) {
  const productId = useProduct((s) => s.productId);
  return useQuery({
    queryKey: [GROUPS, 'by-key', productId, key],
    queryFn: () => http.get<UserGroup>(`/${GROUPS}/by-key/${encodeURIComponent(key ?? '')}`),
    enabled: !!productId && !!key,
    refetchInterval: (query) => (query.state.data?.state === 'computing' ? 2000 : false),
  });
}
