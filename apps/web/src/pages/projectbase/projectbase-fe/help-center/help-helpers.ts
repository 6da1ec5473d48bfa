import { helpArticlesResource, type HelpArticle, type HelpCategory } from '@rx/contracts/help-center';
import { LANGUAGES, isLanguage, type Language } from '@rx/contracts/languages';

/** The help centre's page; its detail and preview pages live under it. */
export const HELP_BASE = helpArticlesResource.page;

/** The editor of a product's help articles for a channel (0: the articles of every channel). */
export function detailPath(
  productId: number,
  channelId: number | null,
  query: Record<string, string | number> = {},
): string {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return `${HELP_BASE}/detail/${productId}/${channelId ?? 0}${search ? `?${search}` : ''}`;
}

/** The help centre as a player of the channel (0: no channel) sees it in a language. */
export function previewPath(productId: number, channelId: number | null, language: Language): string {
  return `${HELP_BASE}/preview/${productId}/${channelId ?? 0}/${language}`;
}

/** The preview route's language segment, zh when it is not one of ours. */
export function previewLanguage(segment: string | undefined): Language {
  return isLanguage(segment) ? segment : 'zh';
}

/** The languages an article group lacks, in interface order: what "add translation" offers. */
export function missingTranslations(group: Pick<HelpArticle, 'language'>[]): Language[] {
  const present = new Set(group.map((a) => a.language));
  return LANGUAGES.filter((lang) => !present.has(lang));
}

/** The categories an article of the channel may go in: the channel's own and the shared ones. */
export function categoriesFor(categories: HelpCategory[], channelId: number | null): HelpCategory[] {
  return categories.filter((c) => c.channel_id === null || c.channel_id === channelId);
}
