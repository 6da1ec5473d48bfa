import { useQuery } from '@tanstack/react-query';
import type { UserGroup } from '@rx/contracts/user-groups';
import { useProduct } from '@/app/product/index.ts';
import { http } from '../http.ts';

/** The user-groups API's path and the first part of its query keys. */
export const GROUPS = 'user-groups';

/**
 * The group of the address (its uuid or name); with `follow`, fetched again every two seconds
 * while its members are being computed.
 */
export function useGroupByKey(key: string | undefined, follow = false) {
  const productId = useProduct((s) => s.productId);
  return useQuery({
    queryKey: [GROUPS, 'by-key', productId, key],
    queryFn: () => http.get<UserGroup>(`/${GROUPS}/by-key/${encodeURIComponent(key ?? '')}`),
    enabled: !!productId && !!key,
    refetchInterval: follow ? (query) => (query.state.data?.state === 'computing' ? 2000 : false) : undefined,
  });
}
