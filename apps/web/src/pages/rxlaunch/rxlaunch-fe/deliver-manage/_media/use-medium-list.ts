import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { permissionsFor, type Resource } from '@rx/contracts/resource';
import { useProduct } from '@/app/product/index.ts';
import { usePatternPage } from '@/app/routes/handle.ts';
import { apiQuery, useListParams } from '@/shared/crud/index.ts';
import type { ListAnswer } from '@/shared/crud/resource.ts';
import { useMessage } from '@/shared/feedback.tsx';
import { http } from '@/shared/http.ts';

export const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * What every medium's list page starts from: the medium (the route's value) and its permissions,
 * the list's URL parameters and the page of rows of `resource` for the current product, keyed
 * `[resource, media, product, 'list', query]` so that `refresh` reloads every query of the medium.
 */
export function useMediumList<Row>(
  resource: Resource,
  options: { refetchInterval?: (rows: Row[]) => number | false } = {},
) {
  const { t } = useTranslation('ads');
  const toast = useMessage();
  const client = useQueryClient();
  const media = usePatternPage().value;
  const productId = useProduct((s) => s.productId);
  const permissions = permissionsFor(resource, media)!;
  const [params, setParams] = useListParams(resource.filters);
  const query = { ...apiQuery(params), media };
  const key = [resource.name, media, productId];
  const { refetchInterval } = options;
  const list = useQuery({
    queryKey: [...key, 'list', query],
    queryFn: ({ signal }) => http.get<ListAnswer<Row>>(`/${resource.name}`, query, { signal }),
    placeholderData: keepPreviousData,
    enabled: !!productId,
    refetchInterval: (q) => (refetchInterval ? refetchInterval(q.state.data?.list ?? []) : false),
  });
  const refresh = () => client.invalidateQueries({ queryKey: [resource.name, media] });
  return { t, toast, client, media, productId, permissions, params, setParams, query, key, list, refresh };
}
