import { useQuery } from '@tanstack/react-query';
import type { UserGroup, UserGroupLayerCount } from '@rx/contracts/user-groups';
import { useProduct } from '@/app/product/index.ts';
import { http } from '@/shared/http.ts';
import { GROUPS } from '@/shared/rules/group-by-key.ts';

export function useLayers(id: number | undefined) {
  const productId = useProduct((s) => s.productId);
  return useQuery({
    queryKey: [GROUPS, 'layers', productId, id],
    queryFn: () => http.get<{ group: UserGroup; layers: UserGroupLayerCount[] }>(`/${GROUPS}/${id}/layers`),
    enabled: !!productId && !!id,
  });
}
