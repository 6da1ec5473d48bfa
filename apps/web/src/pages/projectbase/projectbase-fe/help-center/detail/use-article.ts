import { useQuery } from '@tanstack/react-query';
import { helpArticlesResource, type HelpArticle } from '@rx/contracts/help-center';
import { resourceKey, useResourceItem, type ListAnswer } from '@/shared/crud/index.ts';
import { http } from '@/shared/http.ts';

export const ARTICLES = helpArticlesResource.name;

/** An article and every language of its group. */
export function useArticle(id: number | undefined) {
  const article = useResourceItem<HelpArticle>(ARTICLES, id);
  const groupId = article.data?.group_id;
  const group = useQuery({
    queryKey: resourceKey(ARTICLES, 'group', groupId),
    queryFn: ({ signal }) =>
      http.get<ListAnswer<HelpArticle>>(
        `/${ARTICLES}`,
        { group_id: groupId, page_size: 20, sort: 'language' },
        { signal },
      ),
    select: (answer) => answer.list,
    enabled: groupId !== undefined,
  });
  return { article, group };
}
