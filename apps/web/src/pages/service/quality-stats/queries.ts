import { useQuery } from '@tanstack/react-query';
import type { CsRubric } from '@rx/contracts/cs-quality';
import { useProduct } from '@/app/product/index.ts';
import { http } from '@/shared/http.ts';

export const RUBRICS_KEY = ['cs-quality-rubrics'];
export const REVIEWS_KEY = ['cs-quality-reviews'];
/**
 * The averages' address, also the first part of their query key (useStats): a sample or a score
 * changes them, so those drop the cached averages — kept 30 s otherwise, the averages tab would
 * show the figures read before the score until then.
 */
export const SUMMARY_PATH = '/cs/quality-reviews/summary';

/** The game's rubrics (the tabs share them). */
export function useRubrics() {
  const productId = useProduct((s) => s.productId);
  return useQuery({
    queryKey: [...RUBRICS_KEY, productId],
    enabled: productId !== null,
    queryFn: ({ signal }) =>
      http.get<{ list: CsRubric[] }>('/cs/quality-rubrics', {}, { signal }).then((d) => d.list),
  });
}
